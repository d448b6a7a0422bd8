/**
 * Words people type on a phone, mapped to the words the topic phrases use: common misspellings
 * and shorthand. A list rather than an edit distance, because an edit distance of one turns
 * "floor" into "flood" and "sometimes" into nothing useful; each entry here was seen or is a
 * plain typo of a word a topic depends on. A Map, so a typed "constructor" is only a word.
 */
const corrections: ReadonlyMap<string, string> = new Map([
  ["warrenty", "warranty"],
  ["waranty", "warranty"],
  ["warrante", "warranty"],
  ["warrentee", "warranty"],
  ["garantee", "guarantee"],
  ["gaurantee", "guarantee"],
  ["guarentee", "guarantee"],
  ["foundaton", "foundation"],
  ["foundatoin", "foundation"],
  ["foundtion", "foundation"],
  ["fondation", "foundation"],
  ["foundaiton", "foundation"],
  ["basment", "basement"],
  ["basemant", "basement"],
  ["basemnt", "basement"],
  ["basemen", "basement"],
  ["bsmt", "basement"],
  ["emergancy", "emergency"],
  ["emergeny", "emergency"],
  ["emergncy", "emergency"],
  ["emergecy", "emergency"],
  ["emergancies", "emergencies"],
  ["experiance", "experience"],
  ["expirience", "experience"],
  ["experince", "experience"],
  ["licenced", "licensed"],
  ["liscensed", "licensed"],
  ["lisenced", "licensed"],
  ["insurred", "insured"],
  ["waterprofing", "waterproofing"],
  ["waterproffing", "waterproofing"],
  ["crawlspace", "crawl space"],
  ["crawlspaces", "crawl spaces"],
  ["egres", "egress"],
  ["egriss", "egress"],
  ["downspot", "downspout"],
  ["downspots", "downspouts"],
  ["dranage", "drainage"],
  ["drainge", "drainage"],
  ["seapage", "seepage"],
  ["leek", "leak"],
  ["leeking", "leaking"],
  ["leeks", "leaks"],
  ["flodding", "flooding"],
  ["floding", "flooding"],
  ["inspecton", "inspection"],
  ["inspction", "inspection"],
  ["apointment", "appointment"],
  ["estamate", "estimate"],
  ["saterday", "saturday"],
  ["thru", "through"],
  ["u", "you"],
  ["ya", "you"],
  ["ur", "your"],
  ["r", "are"],
  ["yrs", "years"],
  ["hrs", "hours"],
  ["24hr", "24 hour"],
  ["24hrs", "24 hours"],
  ["mt", "mount"],
]);

/**
 * The form in which questions and topic phrases are compared: lower case, accents and
 * apostrophes dropped ("What’s" and "whats" become "whats"), every other mark a word break
 * ("24/7" becomes "24 7"), single spaces, and the corrections above applied word by word.
 */
export function normaliseQuestion(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/['‘’`´ʼ]/g, "")
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== "")
    .map((word) => corrections.get(word) ?? word)
    .join(" ");
}
