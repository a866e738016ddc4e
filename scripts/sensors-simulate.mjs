#!/usr/bin/env node
// npm run sensors:simulate [-- --once] [-- --url http://localhost:8080] [-- --until 2026-11-27T12:00:00Z]
//
// Wireless sensors for the demo (issue 24), against a running console (`npm start`): signs in as the demo
// organisation admin, registers (or reuses) a sensor on two fridge or freezer items of each site, and posts
// realistic readings a minute apart, the way a gateway does: fridges about 3 to 4 °C, freezers about
// -18 °C, with a little noise. The first site's first fridge sensor has an excursion (above 8 °C for 20
// minutes, so the site's 15-minute debounce raises one temperature failure), and the last sensor goes
// silent (so "sensor offline" is raised 30 minutes after its last word).
//
// First the last hour is posted as one back-filled batch per sensor; then a reading a minute until stopped.
// With --once it posts the hour and exits; --until ends that hour at another instant than now (to the minute),
// so two runs post the same hour whatever minute each starts in. Device keys are shown only when a sensor is made or its key
// rotated, so the script keeps them in DATA_DIR/sensors-simulate.json; a sensor whose key it lacks gets a
// rotated one. Sequences are the reading's minute, so running it again never stores a reading twice.
import fs from 'node:fs';
import path from 'node:path';

const args = process.argv.slice(2);
const once = args.includes('--once');
const urlArg = args.indexOf('--url');
const untilArg = args.indexOf('--until');
const until = untilArg >= 0 ? Date.parse(args[untilArg + 1] ?? '') : Date.now();
const port = process.env.PORT ?? '8080';
const base = (
  urlArg >= 0
    ? args[urlArg + 1]
    : (process.env.SENSORS_URL ?? process.env.PUBLIC_URL ?? `http://localhost:${port}`)
).replace(/\/$/, '');
const api = `${base}/api/v1`;
const dataDir = process.env.DATA_DIR ?? './.data';
const keyFile = path.join(dataDir, 'sensors-simulate.json');
const login = {
  email: process.env.SENSORS_EMAIL ?? 'owner@harbourvine.example',
  password: process.env.SENSORS_PASSWORD ?? 'Demo-pass-2026',
};
const minute = 60_000;
/** The excursion: minutes, counted back from the start, the first site's first fridge reads above 8 °C. */
const excursion = { from: 40, to: 20 };
/** The sensor that goes silent stops this many minutes before the start. */
const silentFor = 35;

async function call(method, route, { token, key, body } = {}) {
  const headers = { 'content-type': 'application/json' };
  if (token) headers.authorization = token;
  if (key) headers['x-sensor-key'] = key;
  for (;;) {
    const reply = await fetch(`${api}/${route}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = await reply.json().catch(() => ({}));
    if (reply.status === 429) {
      const seconds = Number(reply.headers.get('retry-after') ?? '5');
      console.warn(`${route}: rate-limited, waiting ${seconds} s`);
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
      continue;
    }
    if (!reply.ok) throw new Error(`${method} ${route}: ${reply.status} ${json.message ?? ''}`);
    return json.data;
  }
}

function readKeys() {
  try {
    return JSON.parse(fs.readFileSync(keyFile, 'utf8'));
  } catch {
    return {};
  }
}
function writeKeys(keys) {
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(keyFile, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
}

/** The same small noise for the same sensor and minute, so a replay sends what was sent. */
function noise(seed, scale) {
  let h = 2166136261;
  for (const c of seed) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return (((h >>> 0) % 1000) / 1000 - 0.5) * 2 * scale;
}

/** A sensor's reading at `at`: its unit's normal temperature, or the excursion's for the chosen one. */
function celsiusAt(sensor, at, startedAt) {
  const minutesBefore = (startedAt - at) / minute;
  const seed = `${sensor.id}:${Math.floor(at / minute)}`;
  if (sensor.excursion && minutesBefore <= excursion.from && minutesBefore > excursion.to) {
    // The door left open: climbing from 8.5 to about 11 °C.
    const into = excursion.from - minutesBefore;
    return Math.round((8.5 + into * 0.12 + noise(seed, 0.2)) * 10) / 10;
  }
  // Well inside the limits (a freezer at most -18 °C), so only the excursion fails.
  const normal = sensor.type === 'FREEZER' ? -19.5 : 3.5;
  return Math.round((normal + noise(seed, sensor.type === 'FREEZER' ? 0.6 : 0.4)) * 10) / 10;
}

const line = (sensor, at, startedAt) => ({
  sequence: Math.floor(at / minute),
  readAt: new Date(at).toISOString(),
  celsius: celsiusAt(sensor, at, startedAt),
});

async function post(sensor, readings) {
  if (readings.length === 0) return;
  const result = await call('POST', 'sensor/ingest', { key: sensor.key, body: { readings } });
  const refused = result.refused.length > 0 ? `, ${result.refused.length} refused` : '';
  console.log(`${sensor.name}: ${result.stored} stored, ${result.duplicates} already stored${refused}`);
}

async function sensorsOfDemo(token) {
  const keys = readKeys();
  const sites = await call('GET', 'site-panel/simple-list', { token });
  const chosen = [];
  for (const site of sites) {
    const units = await call('GET', `masterType/find-by-siteID/${site._id}`, { token });
    const items = units.flatMap((unit) => unit.temperatureItems.map((item) => ({ unit, item }))).slice(0, 2);
    const listed = await call('GET', `sensor/web-app-list?siteID=${site._id}&limit=100`, { token });
    for (const { unit, item } of items) {
      const name = `Sim ${unit.name} · ${item.name}`.slice(0, 100);
      let sensor = listed.list.find((one) => one.temperatureItemID === item._id && one.name === name);
      if (!sensor) {
        sensor = await call('POST', 'sensor/create-new-one', {
          token,
          body: { siteID: site._id, name, temperatureItemID: item._id },
        });
        keys[sensor._id] = sensor.deviceKey;
        console.log(`${site.name}: registered sensor “${name}”`);
      } else if (!keys[sensor._id] || sensor.status === 'REVOKED') {
        const rotated = await call('PUT', `sensor/rotate-key/${sensor._id}`, { token });
        keys[sensor._id] = rotated.deviceKey;
        console.log(`${site.name}: rotated the key of “${name}”`);
      }
      chosen.push({ id: sensor._id, name, key: keys[sensor._id], type: unit.type, site: site.name });
    }
  }
  writeKeys(keys);
  const firstFridge = chosen.find((sensor) => sensor.type === 'FRIDGE');
  if (firstFridge) firstFridge.excursion = true;
  const quiet = chosen.filter((sensor) => sensor !== firstFridge).at(-1);
  if (quiet) quiet.silent = true;
  return chosen;
}

async function main() {
  const signedIn = await call('POST', 'authentication/web-app-login', { body: login });
  const sensors = await sensorsOfDemo(signedIn.accessToken);
  if (sensors.length === 0) throw new Error('no fridge or freezer items found: is the demo seeded?');
  if (Number.isNaN(until)) throw new Error('--until needs a date and time, e.g. 2026-11-27T12:00:00Z');
  const startedAt = Math.floor(until / minute) * minute;
  // The last hour, as a gateway that was offline would send it.
  for (const sensor of sensors) {
    const readings = [];
    for (let back = 60; back >= 0; back -= 1) {
      if (sensor.silent && back < silentFor) break;
      readings.push(line(sensor, startedAt - back * minute, startedAt));
    }
    await post(sensor, readings);
  }
  const silent = sensors.find((sensor) => sensor.silent);
  if (silent) console.log(`${silent.name} (${silent.site}) has gone silent: it will be reported offline.`);
  if (once) return;
  console.log('Posting a reading a minute for each sensor; stop with Ctrl+C.');
  for (let at = startedAt + minute; ; at += minute) {
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));
    for (const sensor of sensors.filter((one) => !one.silent)) {
      await post(sensor, [line(sensor, at, startedAt)]).catch((error) => console.error(error.message));
    }
  }
}

main().catch((error) => {
  console.error(`sensors:simulate: ${error.message}`);
  console.error(`Is the console running at ${base}? Start it with npm start.`);
  process.exit(1);
});
