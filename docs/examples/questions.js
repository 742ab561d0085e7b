// Five questions answered from capdoc.json alone (docs/dataset.md). Usage: node questions.js capdoc.json
const d = JSON.parse(require("fs").readFileSync(process.argv[2], "utf8"));

const v = (text) => text.split(".").map(Number);  // "17.0" -> [17, 0], to compare versions
const before = (a, b) => { const [x, y] = [v(a), v(b)]; for (let i = 0; i < Math.max(x.length, y.length); i++) { if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) < (y[i] ?? 0); } return false; };
const at = (timeline, version) =>  // the segment that holds at `version`
  timeline.find(({ os = {} }) => (!os.from || !before(version, os.from)) && (!os.until || before(version, os.until)))
  ?? { answer: "unknown", citations: [] };

// 1. Region monitoring under When In Use on iOS 17, and since when.
const cell = at(d.services["region-monitoring"].platforms.ios.levels["when-in-use"].support, "17.0");
const q1 = { answer: cell.answer, since: cell.since ?? null };

// 2. The keys of the Always request on iOS 15 and on macOS 14.
const always = d.requests.always.platforms;
const q2 = { ios: at(always.ios.keys, "15.0").value ?? null, macos: at(always.macos.keys, "14.0").value ?? null };

// 3. Every service on watchOS 10 under Always.
const q3 = Object.fromEntries(Object.entries(d.services).map(([id, s]) => [id, at(s.platforms.watchos.levels.always.support, "10.0").answer]));

// 4. What is deprecated on iOS, with its replacement.
const q4 = ["keys", "requests", "apis"].flatMap((section) => Object.values(d[section]).flatMap((e) =>
  e.platforms.ios.deprecated.filter((seg) => seg.answer === "yes").map((seg) => [e.name, seg.os?.from ?? null, seg.replacement ?? null])))
  .sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));

// 5. The sentences that decide answer 1, with their pages.
const q5 = cell.citations.map((ref) => [d.claims[ref].quote, d.claims[ref].url]);

console.log(JSON.stringify({ q1, q2, q3, q4, q5 }));
