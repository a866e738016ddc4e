// The regions a rule set covers part of a country by, as the address picker's regions (a site's `state`)
// and addresses name them, with the packaged place data's spellings ("Edinburgh", "Perthshire and Kinross").

/** Scotland and its council areas. */
export const scottishRegions = [
  'Scotland',
  'Aberdeen',
  'Aberdeen City',
  'Aberdeenshire',
  'Angus',
  'Argyll and Bute',
  'Clackmannanshire',
  'Dumfries and Galloway',
  'Dundee',
  'Dundee City',
  'East Ayrshire',
  'East Dunbartonshire',
  'East Lothian',
  'East Renfrewshire',
  'Edinburgh',
  'City of Edinburgh',
  'Falkirk',
  'Fife',
  'Glasgow',
  'Glasgow City',
  'Highland',
  'Inverclyde',
  'Midlothian',
  'Moray',
  'Na h-Eileanan Siar',
  'North Ayrshire',
  'North Lanarkshire',
  'Orkney Islands',
  'Perth and Kinross',
  'Perthshire and Kinross',
  'Renfrewshire',
  'Scottish Borders',
  'Shetland Islands',
  'South Ayrshire',
  'South Lanarkshire',
  'Stirling',
  'West Dunbartonshire',
  'West Lothian',
] as const;

/** New York City's five boroughs and the names its addresses give as their city. */
export const newYorkCityNames = [
  'New York',
  'New York City',
  'Manhattan',
  'Brooklyn',
  'Queens',
  'Bronx',
  'The Bronx',
  'Staten Island',
] as const;

/** New York State as its addresses name it. */
export const newYorkState = ['NY', 'New York'] as const;
