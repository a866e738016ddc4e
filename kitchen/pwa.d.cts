// The types of pwa.cjs, for the app's tests (the build reads it as CommonJS).
interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose: string;
}

interface AppManifest {
  id: string;
  name: string;
  short_name: string;
  description: string;
  lang: string;
  start_url: string;
  scope: string;
  display: string;
  orientation: string;
  theme_color: string;
  background_color: string;
  icons: ManifestIcon[];
}

declare const pwa: {
  themeColor: string;
  backgroundColor: string;
  appManifest(publicPath: string): AppManifest;
};

export = pwa;
