import { isIsoDate } from "./time";

/**
 * The staff bookings search: what the GET form may ask for, checked before anything reaches the
 * database. Every field is optional; a bad one yields a German message for that field and no search.
 */
export const SEARCH_STATUSES = ["held", "confirmed", "cancelled", "expired"] as const;
export type SearchStatus = (typeof SEARCH_STATUSES)[number];
export const SEARCH_KINDS = ["birthday", "game"] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export const SEARCH_TEXT_MAX = 100;
export const SEARCH_PAGE_SIZE = 25;
/** Deep pages are of no use to a desk and cost an ever larger OFFSET. */
export const SEARCH_MAX_PAGE = 400;

export const SEARCH_STATUS_LABELS: Record<SearchStatus, string> = {
  held: "gehalten (Zahlung offen)",
  confirmed: "bestätigt",
  cancelled: "storniert",
  expired: "abgelaufen",
};
export const SEARCH_KIND_LABELS: Record<SearchKind, string> = { birthday: "Geburtstag", game: "Spiel" };

/**
 * The booking's payment state; `refund_pending` is the staff's worklist of refunds the provider
 * refused (it also finds a paid booking with a second payment whose refund is open).
 */
export const SEARCH_PAYMENTS = ["none", "pending", "settled", "refund_pending", "refunded", "failed"] as const;
export type SearchPayment = (typeof SEARCH_PAYMENTS)[number];
export const SEARCH_PAYMENT_LABELS: Record<SearchPayment, string> = {
  none: "ohne Online-Zahlung",
  pending: "Zahlung läuft",
  settled: "bezahlt",
  refund_pending: "Rückerstattung offen",
  refunded: "zurückerstattet",
  failed: "fehlgeschlagen",
};

export type SearchFilters = {
  text: string;
  from: string | null;
  to: string | null;
  status: SearchStatus | null;
  kind: SearchKind | null;
  payment: SearchPayment | null;
  page: number;
};

export type SearchForm = { q: string; from: string; to: string; status: string; kind: string; payment: string };

export type SearchParse =
  | { ok: true; filters: SearchFilters; form: SearchForm }
  | { ok: false; errors: Partial<Record<keyof SearchForm | "page", string>>; form: SearchForm };

export const SEARCH_MSG = {
  textTooLong: `Der Suchbegriff darf höchstens ${SEARCH_TEXT_MAX} Zeichen lang sein.`,
  badDate: "Bitte ein gültiges Datum eingeben (TT.MM.JJJJ).",
  range: "Das Datum «bis» darf nicht vor dem Datum «von» liegen.",
  status: "Bitte einen Status aus der Liste wählen.",
  kind: "Bitte eine Art aus der Liste wählen.",
  payment: "Bitte einen Zahlungsstatus aus der Liste wählen.",
  page: "Diese Seite gibt es nicht.",
} as const;

function one(params: URLSearchParams, name: string): string {
  return (params.get(name) ?? "").trim();
}

/** `31.12.2026` or `2026-12-31` → ISO; anything else null. */
export function parseDateInput(value: string): string | null {
  if (isIsoDate(value)) return value;
  const m = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(value);
  if (!m) return null;
  const iso = `${m[3]}-${m[2]!.padStart(2, "0")}-${m[1]!.padStart(2, "0")}`;
  return isIsoDate(iso) ? iso : null;
}

export function parseSearch(params: URLSearchParams): SearchParse {
  const form: SearchForm = {
    q: one(params, "q"),
    from: one(params, "from"),
    to: one(params, "to"),
    status: one(params, "status"),
    kind: one(params, "kind"),
    payment: one(params, "payment"),
  };
  const errors: Partial<Record<keyof SearchForm | "page", string>> = {};
  // Counted in code points: the limit is what staff see, not UTF-16 units.
  if ([...form.q].length > SEARCH_TEXT_MAX) errors.q = SEARCH_MSG.textTooLong;
  const from = form.from ? parseDateInput(form.from) : null;
  const to = form.to ? parseDateInput(form.to) : null;
  if (form.from && !from) errors.from = SEARCH_MSG.badDate;
  if (form.to && !to) errors.to = SEARCH_MSG.badDate;
  if (from && to && to < from) errors.to = SEARCH_MSG.range;
  if (form.status && !(SEARCH_STATUSES as readonly string[]).includes(form.status)) errors.status = SEARCH_MSG.status;
  if (form.kind && !(SEARCH_KINDS as readonly string[]).includes(form.kind)) errors.kind = SEARCH_MSG.kind;
  if (form.payment && !(SEARCH_PAYMENTS as readonly string[]).includes(form.payment)) errors.payment = SEARCH_MSG.payment;
  const rawPage = one(params, "page") || "1";
  const page = /^\d{1,4}$/.test(rawPage) ? Number(rawPage) : NaN;
  if (!(page >= 1 && page <= SEARCH_MAX_PAGE)) errors.page = SEARCH_MSG.page;
  if (Object.keys(errors).length > 0) return { ok: false, errors, form };
  return {
    ok: true,
    form,
    filters: {
      text: form.q,
      from,
      to,
      status: (form.status || null) as SearchStatus | null,
      kind: (form.kind || null) as SearchKind | null,
      payment: (form.payment || null) as SearchPayment | null,
      page,
    },
  };
}

/** A LIKE pattern that matches `text` literally anywhere (`\`, `%` and `_` escaped with `\`). */
/**
 * Letters a name search treats as their base letter (issue #29 §5), upper and lower case: the
 * database's `lower()` only folds ASCII under the C collation the embedded database uses, so the
 * accented capitals are listed too. The SQL side (`translate(…, FOLD_FROM, FOLD_TO)`) and
 * `foldName` use these same strings, so both sides always fold alike.
 */
export const FOLD_FROM = "äöüàáâãåèéêëìíîïòóôõùúûñçÿÄÖÜÀÁÂÃÅÈÉÊËÌÍÎÏÒÓÔÕÙÚÛÑÇ";
export const FOLD_TO = "aouaaaaaeeeeiiiioooouuuncyaouaaaaaeeeeiiiioooouuunc";
/** German spellings without umlauts: `Mueller` is `Müller`. Applied after the letters above. */
export const FOLD_PAIRS = [["ß", "ss"], ["ae", "a"], ["oe", "o"], ["ue", "u"]] as const;

/**
 * A name as the desk's search compares it: lower case, accents and umlauts on their base letter,
 * `ae`/`oe`/`ue` as `a`/`o`/`u`, `ß` as `ss` — so «Mueller», «Müller» and «MULLER» are one name,
 * and «Rene» finds «René». Both sides are folded, so a folded text never misses its own spelling.
 */
export function foldName(text: string): string {
  let out = "";
  for (const c of text) {
    const i = FOLD_FROM.indexOf(c);
    out += i >= 0 ? FOLD_TO[i] : c;
  }
  out = out.replace(/[A-Z]/g, (c) => c.toLowerCase());
  for (const [from, to] of FOLD_PAIRS) out = out.split(from).join(to);
  return out;
}

export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The query string of a search, for result pages and links back (empty fields left out). */
export function searchQuery(form: SearchForm, page?: number): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(form)) if (v) params.set(k, v);
  if (page && page > 1) params.set("page", String(page));
  const s = params.toString();
  return s ? `?${s}` : "";
}

/** Whether any filter was given (an empty form lists nothing but the form). */
export function hasFilters(form: SearchForm): boolean {
  return Object.values(form).some((v) => v !== "");
}
