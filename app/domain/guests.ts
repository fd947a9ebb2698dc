import { isEmailAddress, isPlausiblePhone } from "./contact";
import { addDays, addMonths } from "./time";

/**
 * Guests of a birthday party (issue #32): the host family shares an invitation link, guests' parents
 * answer without an account, the host and the centre see the same list, and the answers are deleted
 * a number of days after the party. Pure rules and the German texts of these pages (issue #33: the
 * namespaces `guests`, `guestsHost` and `guestsData` of app/i18n/messages carry them word for word,
 * and the other languages; guests.mirror.test.ts keeps the copies equal).
 */

/** `maxAnswers`: answers one invitation takes in all (a class and its siblings fit; a flood does not). */
export const GUEST_LIMITS = { childName: 60, allergies: 300, phone: 30, email: 254, bring: 300, maxAnswers: 60 } as const;

/** Defaults until the manager sets them (docs/decisions.md "Guests and privacy"). */
export const DEFAULT_GUEST_RETENTION_DAYS = 30;
export const DEFAULT_BOOKING_RETENTION_MONTHS = 24;
export const RETENTION_LIMITS = { guestDays: { min: 1, max: 365 }, bookingMonths: { min: 1, max: 120 } } as const;

/** The posted names of the answer form (a meal's field is `meal-<extra id>`). */
export const GUEST_FIELDS = ["childName", "attending", "allergies", "photoConsent", "phone", "email"] as const;
export type GuestField = (typeof GUEST_FIELDS)[number] | `meal-${number}`;

export const GUEST_TEXT = {
  // The invitation
  invitationTitle: "Einladung",
  heading: (child: string | null, age: number | null) =>
    child ? (age !== null ? `${child} wird ${age} und lädt dich ein!` : `${child} feiert Geburtstag und lädt dich ein!`) : "Einladung zur Geburtstagsfeier",
  ogTitle: (child: string | null, age: number | null) => (child ? (age !== null ? `Einladung: ${child} wird ${age}` : `Einladung zum Geburtstag von ${child}`) : "Einladung zur Geburtstagsfeier"),
  ogDescription: (when: string, venue: string) => `Geburtstagsfeier am ${when} in der ${venue}. Bitte antworten Sie über diesen Link.`,
  when: "Wann",
  where: "Wo",
  map: "Karte öffnen",
  bring: "Bitte mitbringen",
  deadline: "Bitte antworten bis",
  print: "Einladung drucken",
  printHint: "Drucken Sie diese Seite mit der Druckfunktion Ihres Browsers: A6 oder A5, schwarz-weiss.",
  answerTitle: "Antwort",
  answerIntro: "Bitte füllen Sie für jedes Kind eine Antwort aus. Die Angaben sehen nur die Gastgeberfamilie und das Team der Anlage.",
  // The form
  childName: "Vorname des Kindes",
  attending: "Kommt das Kind zur Feier?",
  yes: "Ja, es kommt",
  no: "Nein, es kann leider nicht",
  allergies: "Allergien oder Ernährungshinweise (optional)",
  allergiesHint: "Zum Beispiel: Nussallergie, vegetarisch. Die Küche sieht diese Angaben.",
  meal: (name: string) => `${name}: Auswahl für das Kind`,
  photoConsent: "Darf das Kind an der Feier fotografiert werden?",
  photoYes: "Ja",
  photoNo: "Nein",
  phone: "Telefonnummer eines Elternteils für den Tag",
  phoneHint: "Nur für den Notfall am Tag der Feier.",
  email: "E-Mail für den Link zu Ihrer Antwort (optional)",
  emailHint: "Wir senden Ihnen den Link, mit dem Sie die Antwort später ändern können. Die Adresse verwenden wir nur für diese E-Mail.",
  send: "Antwort senden",
  save: "Änderung speichern",
  // Messages (the spec's style)
  check: "Bitte prüfen Sie die markierten Angaben.",
  childNameMissing: "Bitte geben Sie den Vornamen des Kindes ein.",
  childNameTooLong: `Vorname des Kindes: höchstens ${GUEST_LIMITS.childName} Zeichen erlaubt.`,
  attendingMissing: "Bitte wählen Sie, ob das Kind kommt.",
  allergiesTooLong: `Allergien oder Ernährungshinweise: höchstens ${GUEST_LIMITS.allergies} Zeichen erlaubt.`,
  mealMissing: (name: string) => `Bitte wählen Sie beim «${name}» eine Auswahl.`,
  photoMissing: "Bitte wählen Sie, ob das Kind fotografiert werden darf.",
  phoneMissing: "Bitte geben Sie eine Telefonnummer für den Tag der Feier ein.",
  phoneInvalid: "Bitte geben Sie eine gültige Telefonnummer ein.",
  emailInvalid: "Bitte geben Sie eine gültige E-Mail-Adresse ein.",
  tooMany: "Zu viele Antworten von diesem Anschluss. Bitte versuchen Sie es später erneut.",
  tooManyLink: "Über diesen Link sind in der letzten Stunde sehr viele Antworten eingegangen. Bitte versuchen Sie es später erneut.",
  full: "Für diese Einladung sind keine weiteren Antworten möglich. Bitte melden Sie sich direkt bei der Gastgeberfamilie.",
  closed: (deadline: string) => `Die Antwortfrist ist am ${deadline} abgelaufen. Bitte melden Sie sich direkt bei der Gastgeberfamilie.`,
  cancelled: "Diese Feier findet nicht statt. Bitte wenden Sie sich an die Gastgeberfamilie.",
  over: "Diese Feier hat bereits stattgefunden. Vielen Dank!",
  notFound: "Diese Einladung gibt es nicht (mehr). Bitte fragen Sie die Gastgeberfamilie nach dem aktuellen Link.",
  // After answering
  thanksTitle: "Ihre Antwort",
  thanks: "Vielen Dank für Ihre Antwort!",
  saved: "Ihre Änderung ist gespeichert.",
  keepLink: "Mit diesem Link können Sie Ihre Antwort bis zur Antwortfrist ändern. Bitte speichern Sie ihn (Lesezeichen) – er wird nur Ihnen angezeigt.",
  linkMailed: "Wir haben Ihnen den Link auch per E-Mail geschickt.",
  status: {
    coming: "Zusage: Das Kind ist angemeldet.",
    waiting: "Warteliste: Die Feier ist im Moment voll. Die Gastgeberfamilie sieht Ihre Zusage und meldet sich, falls ein Platz frei wird.",
    declinedByHost: "Leider ist an der Feier kein Platz mehr frei. Die Gastgeberfamilie hat Ihre Zusage nicht bestätigen können.",
    notComing: "Absage: Schade, dass das Kind nicht kommen kann.",
  },
  anotherChild: "Antwort für ein weiteres Kind",
  // The e-mail with the edit link
  mailSubject: (child: string) => `Ihre Antwort zur Einladung (${child})`,
  mailBody: (child: string, url: string, deadline: string) =>
    `Guten Tag\n\nVielen Dank für Ihre Antwort auf die Geburtstagseinladung (für ${child}).\n\nHier können Sie die Antwort bis ${deadline} ändern:\n${url}\n\nDiese E-Mail wurde automatisch versandt.`,
  qrLabel: "QR-Code mit dem Link zur Einladung",
} as const;

/** What the host family reads on its guest list page (one block, like the guests'). */
export const HOST_TEXT = {
  title: "Gäste einladen",
  manageCard: "Gäste und Antworten",
  manageIntro: "Laden Sie die Gäste mit einem Link ein: Die Eltern antworten online, Sie sehen hier alle Antworten.",
  open: "Gästeliste öffnen",
  create: "Einladungslink erstellen",
  bringLabel: "Was sollen die Gäste mitbringen? (optional)",
  bringDefault: "Bequeme Kleidung und rutschfeste Socken.",
  bringSave: "Speichern",
  linkLabel: "Ihr Einladungslink",
  copy: "Link kopieren",
  copied: "Link kopiert.",
  whatsapp: "Per WhatsApp teilen",
  mail: "Per E-Mail teilen",
  print: "Einladung drucken",
  renew: "Neuen Link erstellen (alter Link wird ungültig)",
  revoke: "Link zurückziehen",
  revoked: "Der Einladungslink ist zurückgezogen; er öffnet nichts mehr. Die bisherigen Antworten bleiben.",
  renewed: "Ein neuer Einladungslink ist erstellt; der alte öffnet nichts mehr.",
  createdNotice: "Ihr Einladungslink ist bereit. Teilen Sie ihn mit den Eltern der Gäste.",
  bringSaved: "Gespeichert.",
  shareText: (child: string | null) => (child ? `Einladung zum Geburtstag von ${child}: ` : "Einladung zur Geburtstagsfeier: "),
  mailSubject: (child: string | null) => (child ? `Einladung zum Geburtstag von ${child}` : "Einladung zur Geburtstagsfeier"),
  repliesTitle: "Antworten",
  noReplies: "Noch keine Antworten.",
  refresh: "Aktualisieren",
  counts: (coming: number, places: number, waiting: number, notComing: number) =>
    `${coming} von ${places} Plätzen zugesagt${waiting > 0 ? `, ${waiting} auf der Warteliste` : ""}, ${notComing} abgesagt.`,
  places: (places: number) => `Plätze für Gäste: ${places} (gebuchte Kinder ohne das Geburtstagskind).`,
  waitingTitle: "Warteliste",
  waitingIntro: "Diese Zusagen haben keinen Platz mehr. Erhöhen Sie die Anzahl Kinder (mit Preis) oder sagen Sie ab.",
  raise: "Anzahl Kinder erhöhen",
  tableFull: (children: number) => `Mehr als ${children} Kinder sind bei diesem Angebot nicht möglich.`,
  decline: "Absagen",
  remove: "Entfernen",
  noSuchAnswer: "Diese Antwort gibt es nicht (mehr).",
  notWaiting: "Diese Zusage hat inzwischen einen Platz; sie steht nicht mehr auf der Warteliste.",
  removed: "Die Antwort ist entfernt.",
  declined: "Abgesagt. Die Familie sieht das über ihren Antwort-Link.",
  columns: { child: "Kind", answer: "Antwort", allergies: "Allergien / Hinweise", meal: "Menü", photo: "Fotos", phone: "Telefon" },
  answer: { coming: "Zusage", waiting: "Warteliste", declinedByHost: "Von Ihnen abgesagt", notComing: "Absage" },
  photoYes: "ja",
  photoNo: "nein",
  suggested: (children: number) => `Aus Ihrer Gästeliste: ${children} Kinder. Prüfen Sie die Zahl und tippen Sie auf «Weiter»; Sie sehen den neuen Preis, bevor etwas gilt.`,
  takeoverTitle: "Zur Gästeliste übernehmen",
  takeoverIntro: (children: number) =>
    `Übernimmt die Zusagen in die Schlusszahl: ${children} Kinder (das Geburtstagskind und die Zusagen) und die Menüs der Gäste.`,
  birthdayMeal: (name: string) => `${name} für das Geburtstagskind`,
  takeover: "Zur Gästeliste übernehmen",
  takeoverPersons: "Die Anzahl Kinder weicht von der Gästeliste ab. Bitte prüfen Sie zuerst die neue Anzahl (mit Preis); danach übernehmen Sie die Menüs.",
  takeoverDone: "Die Menüs der Gästeliste sind übernommen. Bitte prüfen und bestätigen Sie jetzt die Schlusszahl.",
  takeoverMealMissing: (name: string) => `Bitte wählen Sie beim «${name}» eine Auswahl für das Geburtstagskind.`,
  takeoverMealGone: (child: string, name: string) => `Die Auswahl von ${child} beim «${name}» gibt es nicht mehr. Bitte wählen Sie die Menüs unter «Zusatzleistungen».`,
  takeoverLocked: "Die Frist für die Schlusszahl ist abgelaufen; die Gästeliste kann nicht mehr übernommen werden.",
  takeoverNothing: "Es gibt noch keine Zusagen zum Übernehmen.",
  notParty: "Gäste einladen gibt es nur für Geburtstagsfeiern an einem Tisch.",
  notActive: "Diese Buchung ist nicht aktiv.",
  over: "Die Feier hat bereits stattgefunden; die Einladung ist geschlossen.",
} as const;

/** Why an invitation takes no answers now (the deadline passed, cancelled, over); null while it does. */
export function invitationClosedMessage(state: "open" | "closed" | "cancelled" | "over", deadline: string): string | null {
  return state === "closed" ? GUEST_TEXT.closed(deadline) : state === "cancelled" ? GUEST_TEXT.cancelled : state === "over" ? GUEST_TEXT.over : null;
}

export type GuestMeal = { extraId: number; name: string; choices: string[] };

export type GuestAnswer = {
  childName: string;
  attending: boolean;
  allergies: string;
  meals: Record<string, string>;
  photoConsent: boolean;
  phone: string;
  email: string | null;
};

export type GuestProblem = { field: string; message: string };

/** The answer checks' messages: German (`GUEST_TEXT`) unless a page in another language passes its own. */
export type GuestCheckWords = {
  [K in "childNameMissing" | "childNameTooLong" | "attendingMissing" | "allergiesTooLong" | "photoMissing" | "phoneMissing" | "phoneInvalid" | "emailInvalid"]: string;
} & { mealMissing: (name: string) => string };

const str = (v: unknown) => (typeof v === "string" ? v : "");
/** One line: control characters out, runs of spaces as one. */
const line = (v: unknown) =>
  str(v)
    .replace(/[\u0000-\u001f\u007f]/g, " ")
    .replace(/\s+/g, " ")
    .trim();

export const mealField = (extraId: number) => `meal-${extraId}`;

/**
 * The posted answer, checked: every problem at once, in the form's order. A «no» needs only the
 * name (and the photo question is not asked); a «yes» needs a meal per meal the package has, the
 * photo answer and a phone number for the day. The server adds the phone plan's check
 * (`isDiallablePhone`) on top of the plausibility check the browser can run.
 */
export function parseGuestAnswer(
  input: Record<string, unknown>,
  meals: readonly GuestMeal[],
  phoneOk: (phone: string) => boolean = isPlausiblePhone,
  words: GuestCheckWords = GUEST_TEXT,
): { ok: true; answer: GuestAnswer } | { ok: false; problems: GuestProblem[] } {
  const problems: GuestProblem[] = [];
  const childName = line(input.childName);
  if (childName === "") problems.push({ field: "childName", message: words.childNameMissing });
  else if (childName.length > GUEST_LIMITS.childName) problems.push({ field: "childName", message: words.childNameTooLong });
  const attendingText = str(input.attending);
  const attending = attendingText === "ja" ? true : attendingText === "nein" ? false : null;
  if (attending === null) problems.push({ field: "attending", message: words.attendingMissing });
  const chosen: Record<string, string> = {};
  if (attending === true) {
    for (const meal of meals) {
      const value = str(input[mealField(meal.extraId)]);
      if (!meal.choices.includes(value)) problems.push({ field: mealField(meal.extraId), message: words.mealMissing(meal.name) });
      else chosen[String(meal.extraId)] = value;
    }
  }
  const allergies = line(input.allergies);
  if (allergies.length > GUEST_LIMITS.allergies) problems.push({ field: "allergies", message: words.allergiesTooLong });
  const photoText = str(input.photoConsent);
  const photoConsent = photoText === "ja" ? true : photoText === "nein" ? false : null;
  if (attending === true && photoConsent === null) problems.push({ field: "photoConsent", message: words.photoMissing });
  const phone = line(input.phone).slice(0, GUEST_LIMITS.phone + 1);
  if (attending === true && phone === "") problems.push({ field: "phone", message: words.phoneMissing });
  else if (phone !== "" && (phone.length > GUEST_LIMITS.phone || !phoneOk(phone))) problems.push({ field: "phone", message: words.phoneInvalid });
  const email = line(input.email).toLowerCase();
  if (email !== "" && !isEmailAddress(email)) problems.push({ field: "email", message: words.emailInvalid });
  if (problems.length > 0 || attending === null) return { ok: false, problems };
  return {
    ok: true,
    answer: {
      childName,
      attending,
      allergies: attending ? allergies : "",
      meals: chosen,
      photoConsent: attending ? photoConsent === true : false,
      phone: attending ? phone : "",
      email: email === "" ? null : email,
    },
  };
}

/** Places for guests: the booked children less the birthday child. */
export function guestPlaces(numChildren: number): number {
  return Math.max(0, numChildren - 1);
}

export type GuestStatus = "coming" | "waiting" | "declinedByHost" | "notComing";

/**
 * Each answer's status: the «yes» answers fill the places in the order they became a «yes»
 * (`attendingSince`, then id); the rest wait — accepted and shown, never dropped — until a place
 * frees up, the host adds children or says no.
 */
export function guestStatuses<R extends { id: number; attending: number; attendingSince: Date | null; hostDeclinedAt: Date | null }>(replies: readonly R[], places: number): Map<number, GuestStatus> {
  const statuses = new Map<number, GuestStatus>();
  const yes = replies
    .filter((r) => r.attending === 1 && r.hostDeclinedAt === null)
    .sort((a, b) => (a.attendingSince?.getTime() ?? 0) - (b.attendingSince?.getTime() ?? 0) || a.id - b.id);
  yes.forEach((r, i) => statuses.set(r.id, i < places ? "coming" : "waiting"));
  for (const r of replies) {
    if (statuses.has(r.id)) continue;
    statuses.set(r.id, r.attending === 1 ? "declinedByHost" : "notComing");
  }
  return statuses;
}

export type GuestRow = {
  id: number;
  childName: string;
  status: GuestStatus;
  answer: string;
  allergies: string;
  meals: string;
  photo: string;
  photoConsent: boolean;
  phone: string;
};

/** What staff need at the party: who comes, allergies per child, and who may not be photographed. */
export type GuestBrief = { coming: GuestRow[]; allergies: { child: string; text: string }[]; noPhotos: string[]; waiting: number };

export function guestBrief(rows: readonly GuestRow[]): GuestBrief {
  const coming = rows.filter((g) => g.status === "coming");
  return {
    coming,
    allergies: coming.filter((g) => g.allergies !== "").map((g) => ({ child: g.childName, text: g.allergies })),
    noPhotos: coming.filter((g) => !g.photoConsent).map((g) => g.childName),
    waiting: rows.filter((g) => g.status === "waiting").length,
  };
}

/** The invitation's «what to bring», as typed by the host: one paragraph, within the limit. */
export function parseBring(value: unknown): string | null {
  const text = str(value)
    .replace(/\r\n?/g, "\n")
    .replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, "")
    .trim();
  return text.length > GUEST_LIMITS.bring ? null : text;
}
export const BRING_TOO_LONG = `Was mitbringen: höchstens ${GUEST_LIMITS.bring} Zeichen erlaubt.`;

/** Parties on or before this day have their guests' answers deleted: on the `days`-th day after the party. */
export function guestDataDeletableBefore(today: string, days: number): string {
  return addDays(today, -days);
}

/** Bookings whose party was before this day have their personal data anonymised (`months` of retention). */
export function bookingsAnonymisableBefore(today: string, months: number): string {
  return addMonths(today, -months);
}

/** The retention settings as posted on /admin/datenschutz, or the German message. */
export function parseRetention(form: { guestDays: unknown; bookingMonths: unknown }): { ok: true; guestDays: number; bookingMonths: number } | { ok: false; message: string } {
  const num = (v: unknown) => (typeof v === "string" && /^\d{1,4}$/.test(v.trim()) ? Number(v.trim()) : NaN);
  const guestDays = num(form.guestDays);
  const bookingMonths = num(form.bookingMonths);
  const { guestDays: g, bookingMonths: b } = RETENTION_LIMITS;
  if (!(guestDays >= g.min && guestDays <= g.max)) return { ok: false, message: `Bitte geben Sie für die Antworten der Gäste ${g.min} bis ${g.max} Tage an.` };
  if (!(bookingMonths >= b.min && bookingMonths <= b.max)) return { ok: false, message: `Bitte geben Sie für die Buchungsdaten ${b.min} bis ${b.max} Monate an.` };
  return { ok: true, guestDays, bookingMonths };
}

/** What anonymisation leaves in a booking's personal fields (the row, its amounts, dates and code stay). */
export const ANONYMISED = { name: "Anonymisiert", text: "" } as const;

/** The family's data page (manage link): export and deletion request. */
export const DATA_TEXT = {
  title: "Ihre Daten",
  manageCard: "Ihre Daten",
  manageIntro: "Laden Sie die Daten Ihrer Buchung herunter oder verlangen Sie deren Löschung.",
  open: "Daten ansehen oder löschen lassen",
  intro: "Das speichern wir zu Ihrer Buchung. Sie können die Daten als Datei herunterladen oder diese Seite drucken.",
  download: "Als Datei herunterladen (JSON)",
  print: "Seite drucken",
  guestsTitle: "Antworten Ihrer Gäste",
  guestsNote: (days: number) => `Die Antworten Ihrer Gäste löschen wir ${days} Tage nach der Feier.`,
  retentionNote: (months: number) =>
    `Ihre Kontaktdaten anonymisieren wir ${months} Monate nach dem Termin. Beträge, Daten und Buchungscode bewahren wir für die Buchhaltung auf (gesetzliche Aufbewahrungspflicht, 10 Jahre).`,
  deletionTitle: "Löschung verlangen",
  deletionIntro:
    "Sie können verlangen, dass wir Ihre Kontaktdaten und die Antworten Ihrer Gäste schon jetzt löschen. Beträge, Daten und Buchungscode bewahren wir für die Buchhaltung auf. Steht die Feier noch bevor, stornieren Sie die Buchung bitte zuerst oder rufen Sie uns an.",
  deletionConfirm: "Ja, ich möchte die Löschung meiner Daten verlangen.",
  deletionConfirmMissing: "Bitte bestätigen Sie die Löschung mit dem Häkchen.",
  request: "Löschung verlangen",
  requested: (at: string) => `Sie haben die Löschung am ${at} verlangt. Unser Team erledigt sie in den nächsten Tagen; danach öffnet dieser Link nichts mehr.`,
  requestedNow: "Ihre Anfrage ist bei uns eingegangen. Unser Team löscht die Daten in den nächsten Tagen.",
  tooMany: "Zu viele Anfragen. Bitte versuchen Sie es später erneut.",
} as const;
