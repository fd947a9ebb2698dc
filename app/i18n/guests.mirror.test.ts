import { IntlMessageFormat } from "intl-messageformat";
import { describe, expect, it } from "vitest";
import { BRING_TOO_LONG, DATA_TEXT, GUEST_LIMITS, GUEST_TEXT, HOST_TEXT, invitationClosedMessage } from "~/domain/guests";
import { formatLongDate } from "~/domain/self-service";
import { formatTime } from "~/domain/time";
import { guests, guestsData, guestsHost } from "./messages/guests";

/**
 * The German copies of the guest pages' texts (namespaces `guests`, `guestsHost`, `guestsData`) are
 * the domain's texts word for word (domain/guests.ts): the servers word German through the
 * catalogue, and `localizeIn` looks the domain's German answers up. Texts with values are compared
 * formatted, as the German pages and the guest's e-mail show them.
 */
const say = (source: string, values: Record<string, string | number> = {}) => String(new IntlMessageFormat(source, "de-CH").format(values));

describe("guest pages' German copies (issue #33)", () => {
  it("guests: the invitation, the answer form and its messages, the answer page and the e-mail", () => {
    const de = guests.de;
    const fixed = [
      "invitationTitle",
      "when",
      "where",
      "map",
      "bring",
      "deadline",
      "print",
      "printHint",
      "answerTitle",
      "answerIntro",
      "childName",
      "attending",
      "yes",
      "no",
      "allergies",
      "allergiesHint",
      "photoConsent",
      "photoYes",
      "photoNo",
      "phone",
      "phoneHint",
      "email",
      "emailHint",
      "send",
      "save",
      "check",
      "childNameMissing",
      "childNameTooLong",
      "attendingMissing",
      "allergiesTooLong",
      "photoMissing",
      "phoneMissing",
      "phoneInvalid",
      "emailInvalid",
      "tooMany",
      "tooManyLink",
      "full",
      "cancelled",
      "over",
      "notFound",
      "thanksTitle",
      "thanks",
      "saved",
      "keepLink",
      "linkMailed",
      "anotherChild",
      "qrLabel",
    ] as const;
    const limits = { max: 0 };
    for (const key of fixed) {
      if (key === "childNameTooLong") limits.max = GUEST_LIMITS.childName;
      else if (key === "allergiesTooLong") limits.max = GUEST_LIMITS.allergies;
      expect(say(de[key], limits), key).toBe(GUEST_TEXT[key]);
    }
    expect(de.statusComing).toBe(GUEST_TEXT.status.coming);
    expect(de.statusWaiting).toBe(GUEST_TEXT.status.waiting);
    expect(de.statusDeclinedByHost).toBe(GUEST_TEXT.status.declinedByHost);
    expect(de.statusNotComing).toBe(GUEST_TEXT.status.notComing);
    for (const [child, age] of [["Mia", 7], ["Noah", null], [null, null], [null, 5]] as const) {
      const heading = !child ? de.heading : age === null ? say(de.headingChild, { child }) : say(de.headingAge, { child, age });
      const ogTitle = !child ? de.heading : age === null ? say(de.ogTitleChild, { child }) : say(de.ogTitleAge, { child, age });
      expect(heading).toBe(GUEST_TEXT.heading(child, age));
      expect(ogTitle).toBe(GUEST_TEXT.ogTitle(child, age));
    }
    const when = `${formatLongDate("2026-12-09")}, ${formatTime(14 * 60)} – ${formatTime(16 * 60)} Uhr`;
    expect(say(de.whenValue, { date: formatLongDate("2026-12-09"), start: "14:00", end: "16:00" })).toBe(when);
    expect(say(de.ogDescription, { when, venue: "Fun World" })).toBe(GUEST_TEXT.ogDescription(when, "Fun World"));
    expect(say(de.meal, { name: "Menü" })).toBe(GUEST_TEXT.meal("Menü"));
    expect(say(de.mealMissing, { name: "Menü" })).toBe(GUEST_TEXT.mealMissing("Menü"));
    expect(say(de.closed, { deadline: "Mittwoch, 2. Dezember 2026" })).toBe(GUEST_TEXT.closed("Mittwoch, 2. Dezember 2026"));
    expect(say(de.closed, { deadline: "x" })).toBe(invitationClosedMessage("closed", "x"));
    expect(say(de.mailSubject, { child: "Mia" })).toBe(GUEST_TEXT.mailSubject("Mia"));
    const url = "https://buchung.funworld.test/einladung/antwort/abc";
    expect(say(de.mailBody, { child: "Mia", url, deadline: "Mittwoch, 2. Dezember 2026" })).toBe(GUEST_TEXT.mailBody("Mia", url, "Mittwoch, 2. Dezember 2026"));
  });

  it("guestsHost: the host's guest list", () => {
    const de = guestsHost.de;
    const fixed = [
      "title",
      "manageIntro",
      "create",
      "bringLabel",
      "bringDefault",
      "bringSave",
      "linkLabel",
      "copy",
      "copied",
      "whatsapp",
      "mail",
      "print",
      "renew",
      "revoke",
      "revoked",
      "renewed",
      "createdNotice",
      "bringSaved",
      "repliesTitle",
      "noReplies",
      "refresh",
      "waitingTitle",
      "waitingIntro",
      "raise",
      "noSuchAnswer",
      "notWaiting",
      "removed",
      "declined",
      "photoYes",
      "photoNo",
      "takeoverLocked",
      "takeoverNothing",
      "notActive",
      "over",
    ] as const;
    for (const key of fixed) expect(de[key], key).toBe(HOST_TEXT[key]);
    expect(de.takeover).toBe(HOST_TEXT.takeover);
    expect(de.takeover).toBe(HOST_TEXT.takeoverTitle);
    expect(de.answerComing).toBe(HOST_TEXT.answer.coming);
    expect(de.answerWaiting).toBe(HOST_TEXT.answer.waiting);
    expect(de.answerDeclinedByHost).toBe(HOST_TEXT.answer.declinedByHost);
    expect(de.answerNotComing).toBe(HOST_TEXT.answer.notComing);
    // «Mia: Zusage» and «Allergien / Hinweise: Nüsse», as the list showed them.
    expect(`Mia${de.colon} ${de.answerComing}`).toBe(`Mia: ${HOST_TEXT.answer.coming}`);
    expect(`${de.allergiesLabel} x`).toBe(`${HOST_TEXT.columns.allergies}: x`);
    expect(`${de.mealLabel} x`).toBe(`${HOST_TEXT.columns.meal}: x`);
    expect(`${de.photoLabel} x`).toBe(`${HOST_TEXT.columns.photo}: x`);
    expect(`${de.phoneLabel} x`).toBe(`${HOST_TEXT.columns.phone}: x`);
    expect(say(de.bringTooLong, { max: GUEST_LIMITS.bring })).toBe(BRING_TOO_LONG);
    const url = "https://buchung.funworld.test/einladung/abc";
    expect(say(de.shareTextChild, { child: "Mia", url })).toBe(`${HOST_TEXT.shareText("Mia")}${url}`);
    expect(say(de.shareText, { url })).toBe(`${HOST_TEXT.shareText(null)}${url}`);
    expect(say(de.mailSubjectChild, { child: "Mia" })).toBe(HOST_TEXT.mailSubject("Mia"));
    expect(de.mailSubject).toBe(HOST_TEXT.mailSubject(null));
    for (const [coming, places, waiting, notComing] of [
      [2, 2, 4, 0],
      [0, 1, 0, 0],
      [1, 5, 0, 3],
      [12, 12, 1, 1],
    ] as const) {
      expect(say(de.counts, { coming, places, waiting, notComing })).toBe(HOST_TEXT.counts(coming, places, waiting, notComing));
    }
    expect(say(de.places, { places: 4 })).toBe(HOST_TEXT.places(4));
    expect(say(de.tableFull, { children: 12 })).toBe(HOST_TEXT.tableFull(12));
    expect(say(de.takeoverIntro, { children: 3 })).toBe(HOST_TEXT.takeoverIntro(3));
    expect(say(de.birthdayMeal, { name: "Menü" })).toBe(HOST_TEXT.birthdayMeal("Menü"));
    expect(say(de.takeoverMealMissing, { name: "Menü" })).toBe(HOST_TEXT.takeoverMealMissing("Menü"));
    expect(say(de.takeoverMealGone, { child: "Mia", name: "Menü" })).toBe(HOST_TEXT.takeoverMealGone("Mia", "Menü"));
    expect(say(de.decline, { child: "Lia" })).toBe(`${HOST_TEXT.decline}: Lia`);
    expect(say(de.remove, { child: "Lia" })).toBe(`${HOST_TEXT.remove}: Lia`);
  });

  it("guestsData: the data page", () => {
    const de = guestsData.de;
    for (const key of ["title", "intro", "download", "guestsTitle", "deletionTitle", "deletionIntro", "deletionConfirm", "deletionConfirmMissing", "tooMany"] as const) {
      expect(de[key], key).toBe(DATA_TEXT[key]);
    }
    expect(de.deletionTitle).toBe(DATA_TEXT.request);
    expect(say(de.guestsNote, { days: 30 })).toBe(DATA_TEXT.guestsNote(30));
    expect(say(de.guestsNote, { days: 1 })).toBe(DATA_TEXT.guestsNote(1));
    expect(say(de.retentionNote, { months: 24 })).toBe(DATA_TEXT.retentionNote(24));
    const at = "Mittwoch, 3. Dezember 2026, 14:00 Uhr";
    expect(say(de.requested, { at })).toBe(DATA_TEXT.requested(at));
  });
});
