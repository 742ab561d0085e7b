# Generates the quote-work case (issue 15, item 12): a multi-MB archive and Content whose sources
# all name it, with 100,000 distinct quotes: found and not found, with ellipses, and adversarial
# ones (runs of one letter, parts that are suffixes of each other, parts that never start).
# Usage: awk -v content=DIR -v archives=DIR [-v limit=N] -f quote-work.awk   (DIR/sources must exist)
# With a limit, only the first N quotes are written (Benchmarks/quotes measures the growth).
# Prints the number of quotes written that are not in the archive: every one must be reported.
function run(letter, count,    s) {
  s = letter
  while (length(s) < count) s = s s
  return substr(s, 1, count)
}
function quote(text, absent) {
  if (limit && claim >= limit) return
  claim++
  if (absent) missing++
  if (claim % 1000 == 1) {
    file = sprintf("%s/sources/quotes%03d.yaml", content, int(claim / 1000))
    printf "title: Quotes\nurl: https://example.com/quotes\nkind: article\narchive: big.txt\nclaims:\n" > file
  }
  printf "  - id: c%d\n    fact: level-supported\n    subject: always\n    platforms: [ios]\n    value: true\n    quote: \"%s\"\n", claim, text > file
  if (claim % 1000 == 0) close(file)
}
BEGIN {
  ellipsis = "\342\200\246"
  archive = archives "/big.txt"
  # The archive: 40,000 numbered sentences (2.6 MB), 200 runs of 2,500 a's each ended by a b, then
  # one run of 1,000,000 a's: about 4.1 MB.
  for (n = 0; n < 40000; n++) printf "Sentence %d of the archived page says something about location.\n\n", n > archive
  block = run("a", 2500) "b"
  for (n = 0; n < 200; n++) printf "%s\n\n", block > archive
  printf "%s\n", run("a", 1000000) > archive
  close(archive)
  missing = 0
  # 40,000 sentences, found; 20,000 pairs of consecutive sentences with words left out, found.
  for (n = 0; n < 40000; n++) quote(sprintf("Sentence %d of the archived page says something about location.", n))
  for (n = 0; n < 20000; n++) quote(sprintf("Sentence %d of the %s about location. Sentence %d of the", n, ellipsis, n + 1))
  # 20,000 sentences that say the opposite, and 10,000 pairs in the wrong order: not found.
  for (n = 0; n < 20000; n++) quote(sprintf("Sentence %d of the archived page says nothing about location.", n), 1)
  for (n = 0; n < 10000; n++) quote(sprintf("Sentence %d of the archived page %s Sentence %d of the archived page", 2 * n + 1, ellipsis, 2 * n), 1)
  # Adversarial: 2,000 quotes whose first part never occurs and whose second is a^k (k up to 1,000):
  # every a^k is a suffix of the next, and the text holds 1,000,000 a's in a row. Not found.
  for (k = 1; k <= 2000; k++) quote(sprintf("Never said %d %s %s", k, ellipsis, run("a", 1 + (k - 1) % 1000)), 1)
  # a^k b and a^k b a (k up to 1,000): each a suffix of the next, all found (each b ends a run of
  # 2,500 a's and is followed by a space and the next run).
  for (k = 1; k <= 1000; k++) quote(run("a", k) "b")
  for (k = 1; k <= 1000; k++) quote(run("a", k) "b a")
  # a^k three times over and twice over, k up to 500: found in the long run; a^k b a^k b and
  # a^k b a^k: not found (no b is followed by an a without a space between).
  for (k = 1; k <= 500; k++) quote(sprintf("%s%s%s%s%s", run("a", k), ellipsis, run("a", k), ellipsis, run("a", k)))
  for (k = 1; k <= 500; k++) quote(sprintf("%s%s%s", run("a", k), ellipsis, run("a", k)))
  for (k = 1; k <= 500; k++) quote(run("a", k) "b" run("a", k) "b", 1)
  for (k = 1; k <= 500; k++) quote(run("a", k) "b" run("a", k), 1)
  # 4,000 in other scripts and with typographic quotes: not found.
  for (n = 0; n < 4000; n++) quote(sprintf("Sentence %d \342\200\234caf\303\251\342\200\235 %s \316\261\316\262\316\263", n, ellipsis), 1)
  if (claim % 1000 != 0 && claim > 0) close(file)
  print missing
}
