# Five questions answered from capdoc.json alone (docs/dataset.md). Usage: python3 questions.py capdoc.json
import json, sys

d = json.load(open(sys.argv[1]))

def v(text):  # "17.0" -> (17, 0), to compare versions
    return tuple(int(part) for part in text.split("."))

def at(timeline, version):  # the segment that holds at `version`
    for segment in timeline:
        os = segment.get("os", {})
        if ("from" not in os or v(os["from"]) <= v(version)) and ("until" not in os or v(version) < v(os["until"])):
            return segment
    return {"answer": "unknown", "citations": []}

# 1. Region monitoring under When In Use on iOS 17, and since when.
cell = at(d["services"]["region-monitoring"]["platforms"]["ios"]["levels"]["when-in-use"]["support"], "17.0")
q1 = {"answer": cell["answer"], "since": cell.get("since")}

# 2. The keys of the Always request on iOS 15 and on macOS 14.
always = d["requests"]["always"]["platforms"]
q2 = {"ios": at(always["ios"]["keys"], "15.0").get("value"), "macos": at(always["macos"]["keys"], "14.0").get("value")}

# 3. Every service on watchOS 10 under Always.
q3 = {sid: at(s["platforms"]["watchos"]["levels"]["always"]["support"], "10.0")["answer"] for sid, s in d["services"].items()}

# 4. What is deprecated on iOS, with its replacement.
q4 = sorted(
    [e["name"], seg["os"].get("from"), seg.get("replacement")]
    for section in ("keys", "requests", "apis")
    for e in d[section].values()
    for seg in e["platforms"]["ios"]["deprecated"] if seg["answer"] == "yes")

# 5. The sentences that decide answer 1, with their pages.
q5 = [[d["claims"][ref]["quote"], d["claims"][ref]["url"]] for ref in cell["citations"]]

print(json.dumps({"q1": q1, "q2": q2, "q3": q3, "q4": q4, "q5": q5}, indent=1, sort_keys=True))
