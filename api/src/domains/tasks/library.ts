import type { LogType } from '@console/shared-sdk/contract';
import type { Database, Tx } from '../../platform/db/client.js';
import { libraryTemplates, type ChecklistItemRecord } from './schema.js';

// The platform's template library (/pre-defined-template): checklists every organisation may import a copy
// of. The wording follows the Food Standards Agency's Safer Food, Better Business and the HSE's guidance on
// legionella (L8), with the temperatures UK inspectors ask about: fridges 8 °C at most (5 °C or below
// recommended), freezers -18 °C, hot holding 63 °C, cooking and reheating 75 °C, cooling within 90 minutes.
// A line is required when the check cannot be complete without it, and asks for a photo when the evidence
// is worth keeping (the state of a room, a delivery note, a pest sighting).

interface LibraryLine {
  text: string;
  /** Defaults to true: most lines of a food-safety check must be done. */
  required?: boolean;
  photoRequired?: boolean;
}

interface LibraryEntry {
  /** Fixed: start-up and the seed find the same rows every time, and imports can name their source. */
  id: string;
  name: string;
  description: string;
  type: LogType | null;
  lines: LibraryLine[];
}

const library = {
  openingChecks: {
    id: '01990f00-1b5a-7000-8000-000000000100',
    name: 'Opening checks',
    description:
      'Before the kitchen opens: fridges, hand washing, cleanliness, pests, staff fitness and dates.',
    type: null,
    lines: [
      { text: 'Fridges are at 5°C or below and freezers at -18°C or below' },
      { text: 'Hand-wash basins have hot water, soap and paper towels' },
      { text: 'Food preparation surfaces and equipment are clean and sanitised' },
      { text: 'No signs of pests: droppings, gnawed packaging, flies or other insects' },
      { text: 'Every member of staff is fit for work (no diarrhoea or vomiting in the last 48 hours)' },
      { text: 'Probe thermometer works and probe wipes are stocked' },
      { text: 'Food past its use-by date has been removed and thrown away' },
      { text: 'Allergen information is up to date for today’s menu and specials' },
      {
        text: 'Walk-in fridge is tidy, with raw meat and fish stored below ready-to-eat food',
        photoRequired: true,
      },
    ],
  },
  closingChecks: {
    id: '01990f00-1b5a-7000-8000-000000000200',
    name: 'Closing checks',
    description: 'At the end of service: food stored away, surfaces cleaned, equipment off.',
    type: null,
    lines: [
      { text: 'Food left out is covered, labelled with today’s date and put in the fridge' },
      { text: 'Opened food past its shelf life and anything out of date has been thrown away' },
      { text: 'Fridge and freezer doors are shut and temperatures are in range' },
      { text: 'Preparation surfaces, chopping boards and utensils are cleaned and sanitised' },
      { text: 'Floors swept and mopped, bins emptied and the bin area left clean' },
      { text: 'Dishwasher emptied, cleaned and left open to dry', required: false },
      { text: 'Hobs, ovens, grills and fryers are switched off' },
      { text: 'Kitchen left clean and tidy', photoRequired: true },
    ],
  },
  weeklyDeepClean: {
    id: '01990f00-1b5a-7000-8000-000000000300',
    name: 'Weekly deep clean',
    description: 'The cleaning the daily schedule does not reach, once a week.',
    type: null,
    lines: [
      {
        text: 'Equipment pulled out and the floor and walls behind and under it cleaned',
        photoRequired: true,
      },
      { text: 'Extraction canopy and filters degreased' },
      { text: 'Fridge and freezer shelves, walls and door seals emptied, cleaned and sanitised' },
      { text: 'Ice machine emptied, descaled and sanitised' },
      { text: 'Walls, ceilings and light fittings in the preparation area cleaned', required: false },
      { text: 'Bins and the bin store washed and sanitised' },
      { text: 'Cleaning chemicals are in date, labelled and stored away from food' },
      { text: 'Repairs needed noted (damaged surfaces, seals, tiles, lights)', required: false },
    ],
  },
  fridgeCheck: {
    id: '01990f00-1b5a-7000-8000-000000000400',
    name: 'Fridge temperature check',
    description: 'Twice a day for every fridge: 5°C or below is the target, 8°C the legal limit.',
    type: 'FRIDGE',
    lines: [
      { text: 'Fridge reading is 5°C or below (never above 8°C)' },
      {
        text: 'Above 5°C: probe a food item and move food to another fridge if it is above 8°C',
        required: false,
      },
      { text: 'Raw meat and fish are stored below ready-to-eat food' },
      { text: 'All food is covered, labelled and within its use-by date' },
      { text: 'Door seal is intact and the door closes properly' },
    ],
  },
  freezerCheck: {
    id: '01990f00-1b5a-7000-8000-000000000500',
    name: 'Freezer temperature check',
    description: 'Daily for every freezer: -18°C or below.',
    type: 'FREEZER',
    lines: [
      { text: 'Freezer reading is -18°C or below' },
      { text: 'No build-up of ice on walls, lids or seals' },
      { text: 'Food is wrapped and labelled with the date it was frozen' },
      { text: 'Nothing defrosted has been put back in the freezer' },
      { text: 'Food being defrosted is in the fridge, covered, on the bottom shelf', required: false },
    ],
  },
  deliveryIntake: {
    id: '01990f00-1b5a-7000-8000-000000000600',
    name: 'Delivery intake',
    description: 'Every delivery, before it is accepted: supplier, temperatures, packaging and dates.',
    type: 'FOOD_DELIVERY',
    lines: [
      { text: 'Supplier is on the approved supplier list' },
      { text: 'Delivery vehicle is clean and chilled and frozen food was kept cold' },
      { text: 'Chilled food probes at 8°C or below (5°C or below preferred)' },
      { text: 'Frozen food is at -15°C or below with no sign of thawing' },
      { text: 'Packaging is intact, clean and shows no sign of pests' },
      { text: 'Use-by and best-before dates leave enough shelf life' },
      { text: 'Allergen information on labels matches the product specification' },
      { text: 'Rejected items recorded and the supplier told', required: false },
      { text: 'Delivery note checked and signed', photoRequired: true },
      { text: 'Chilled and frozen food put away within 15 minutes of arrival' },
    ],
  },
  allergenCheck: {
    id: '01990f00-1b5a-7000-8000-000000000700',
    name: 'Allergen check',
    description: 'The 14 allergens: information, labelling and preparation before service.',
    type: null,
    lines: [
      { text: 'Allergen matrix covers every dish on today’s menu, specials included' },
      { text: 'Recipe changes and ingredient substitutions are reflected in the allergen information' },
      {
        text: 'Prepacked for direct sale (PPDS) food is labelled with full ingredients, allergens emphasised',
      },
      { text: 'Ingredients containing allergens are stored in sealed, labelled containers' },
      { text: 'Allergen orders are prepared with cleaned equipment and separate utensils' },
      { text: 'Front-of-house staff know how to answer an allergen question and whom to ask' },
      { text: 'Allergen notice for customers is on display', required: false, photoRequired: true },
    ],
  },
  pestSighting: {
    id: '01990f00-1b5a-7000-8000-000000000800',
    name: 'Pest control sighting',
    description: 'When anyone sees a pest or signs of one: what was seen, what was done, who was called.',
    type: null,
    lines: [
      { text: 'Where it was seen and what (droppings, gnaw marks, insects, a live or dead pest)' },
      { text: 'Photo of the evidence', photoRequired: true },
      { text: 'Food that may be contaminated thrown away and the area cleaned and sanitised' },
      { text: 'Entry points checked: doors, fly screens, gaps around pipes and drains' },
      { text: 'Pest control contractor called and a visit booked' },
      { text: 'Food preparation in the area stopped until it is safe again', required: false },
    ],
  },
  probeCalibration: {
    id: '01990f00-1b5a-7000-8000-000000000900',
    name: 'Probe calibration',
    description: 'Monthly for every probe thermometer: iced water and boiling water tests.',
    type: 'PROBE_CALIBRATION',
    lines: [
      { text: 'Probe is clean, undamaged and its battery works' },
      { text: 'In iced water the probe reads between -1°C and +1°C' },
      { text: 'In boiling water the probe reads between 99°C and 101°C' },
      {
        text: 'A probe outside these ranges is taken out of use, labelled and replaced',
        required: false,
      },
      { text: 'Probe cleaned and sanitised after the test' },
    ],
  },
  hotHolding: {
    id: '01990f00-1b5a-7000-8000-000000001000',
    name: 'Hot holding check',
    description: 'Every two hours during service for food kept hot: 63°C or above.',
    type: 'HOT_HOLD_DISPLAY',
    lines: [
      { text: 'Hot-holding equipment was heated up before food went in' },
      { text: 'Food reached 75°C when cooked or reheated, before it went into hot holding' },
      { text: 'Every dish probes at 63°C or above' },
      {
        text: 'Food found below 63°C reheated to 75°C once, or thrown away after 2 hours',
        required: false,
      },
      { text: 'Dishes are covered and each has its own serving utensil', required: false },
    ],
  },
  legionellaFlush: {
    id: '01990f00-1b5a-7000-8000-000000001100',
    name: 'Legionella flush',
    description: 'Weekly, following HSE guidance L8: flush little-used outlets and check water temperatures.',
    type: 'LEGIONELLA_WATER',
    lines: [
      { text: 'Every little-used tap, shower and hose flushed for at least 2 minutes' },
      { text: 'Hot water reaches 50°C or above within 1 minute at the outlets' },
      { text: 'Cold water is below 20°C within 2 minutes at the outlets' },
      { text: 'Hot water cylinder (calorifier) reads 60°C or above' },
      { text: 'Shower heads and hoses descaled and disinfected (every quarter)', required: false },
    ],
  },
  cookingCooling: {
    id: '01990f00-1b5a-7000-8000-000000001200',
    name: 'Cooking and cooling',
    description: 'Food cooked to be served later: cooked through, then cooled quickly and stored.',
    type: 'COOKING_COOLING',
    lines: [
      { text: 'Core temperature reached 75°C (or 70°C held for 2 minutes)' },
      { text: 'Food divided into small portions or shallow trays to cool quickly' },
      { text: 'Food cooled to 8°C or below within 90 minutes' },
      { text: 'Probe temperature recorded when the food went into the fridge' },
      { text: 'Cooled food covered, labelled with today’s date and stored in the fridge' },
    ],
  },
} satisfies Record<string, LibraryEntry>;

export type LibraryKey = keyof typeof library;

/** Each library template's id, for the seed's master tasks. */
export const libraryTemplateIds = Object.fromEntries(
  Object.entries(library).map(([key, entry]) => [key, entry.id]),
) as Record<LibraryKey, string>;

/** A line's id: its template's with the line number (from 01) in place of the template's last two digits. */
const lineId = (templateId: string, index: number) =>
  `${templateId.slice(0, -2)}${String(index + 1).padStart(2, '0')}`;

const itemsOf = (entry: LibraryEntry): ChecklistItemRecord[] =>
  entry.lines.map((line, index) => ({
    id: lineId(entry.id, index),
    text: line.text,
    required: line.required ?? true,
    photoRequired: line.photoRequired ?? false,
  }));

/** Every library template as its row holds it (without timestamps). */
export const libraryRows = (Object.values(library) as LibraryEntry[]).map((entry) => ({
  id: entry.id,
  name: entry.name,
  description: entry.description,
  type: entry.type,
  items: itemsOf(entry),
}));

/**
 * Adds every library template the database does not hold yet; one already there is left as it is. Safe to
 * run on every start-up, and by several instances at once.
 */
export async function ensureLibrary(db: Database | Tx, now: Date): Promise<void> {
  await db
    .insert(libraryTemplates)
    .values(libraryRows.map((row) => ({ ...row, createdAt: now, updatedAt: now })))
    .onConflictDoNothing({ target: libraryTemplates.id });
}
