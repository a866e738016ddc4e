/**
 * A PDF's text as an inspector's reader extracts it: each page's strings joined by spaces, runs of white
 * space made one, and the whole.
 */
export async function pdfText(bytes: Buffer): Promise<{ pages: number; text: string; pageTexts: string[] }> {
  // Loaded when first needed: the PDF reader is large, and only the tests that read PDFs need it.
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  const pageTexts: string[] = [];
  for (let n = 1; n <= pdf.numPages; n += 1) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pageTexts.push(
      content.items
        .map((item) => ('str' in item ? item.str : ''))
        .join(' ')
        .replace(/\s+/g, ' '),
    );
  }
  return { pages: pdf.numPages, text: pageTexts.join(' '), pageTexts };
}
