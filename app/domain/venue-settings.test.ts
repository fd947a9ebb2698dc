import { describe, expect, it } from "vitest";
import {
  closedDatesBetween,
  closureOn,
  openingHoursLine,
  outsideHours,
  parseSpecialHours,
  upcomingSpecialHours,
  venueFacts,
  weekdaysLine,
  parseClosure,
  parseGeneralSettings,
  parseGridTime,
  parseOffer,
  parsePolicySettings,
  parseOpeningHours,
  parsePriceRappen,
  parseTable,
  SETTINGS_MSG,
  type Closure,
} from "./venue-settings";

const form = (values: Record<string, string>) => ({ get: (name: string) => values[name] ?? null });

describe("settings fields", () => {
  it("the hold time outlives the provider's payment page (TWINT: 15 minutes) by 5 minutes: 20 to 120", () => {
    const general = (holdMinutes: string) => parseGeneralSettings(form({ activeAdultPrice: "28", accompanyingAdultPrice: "5", holdMinutes }));
    for (const tooShort of ["0", "1", "2", "15", "19"]) {
      expect(general(tooShort)).toEqual({ ok: false, errors: { holdMinutes: SETTINGS_MSG.holdMinutes } });
    }
    expect(SETTINGS_MSG.holdMinutes).toBe("Bitte geben Sie 20 bis 120 Minuten an (die Zahlungsseite, z. B. TWINT, ist bis 15 Minuten offen, dazu 5 Minuten Reserve).");
    expect(general("20")).toEqual({ ok: true, value: { activeAdultPriceRappen: 2800, accompanyingAdultPriceRappen: 500, holdMinutes: 20 } });
    expect(general("120")).toMatchObject({ ok: true });
    expect(general("121")).toMatchObject({ ok: false });
  });

  it("times are HH:MM on the 5-minute grid", () => {
    expect(parseGridTime("10:05")).toEqual({ ok: true, minutes: 605 });
    expect(parseGridTime("10:07")).toEqual({ ok: false, message: SETTINGS_MSG.timeGrid });
    expect(parseGridTime("25:00")).toEqual({ ok: false, message: SETTINGS_MSG.time });
    expect(parseGridTime("")).toEqual({ ok: false, message: SETTINGS_MSG.time });
  });

  it("prices are CHF ≥ 0 with at most two decimals", () => {
    expect(parsePriceRappen("28")).toEqual({ ok: true, rappen: 2800 });
    expect(parsePriceRappen("28.5")).toEqual({ ok: true, rappen: 2850 });
    expect(parsePriceRappen("28,05")).toEqual({ ok: true, rappen: 2805 });
    expect(parsePriceRappen("CHF 1'234.50")).toEqual({ ok: true, rappen: 123450 });
    expect(parsePriceRappen("0")).toEqual({ ok: true, rappen: 0 });
    expect(parsePriceRappen("28.505")).toEqual({ ok: false, message: SETTINGS_MSG.priceDecimals });
    expect(parsePriceRappen("-1")).toEqual({ ok: false, message: SETTINGS_MSG.priceNegative });
    expect(parsePriceRappen("abc")).toEqual({ ok: false, message: SETTINGS_MSG.price });
    expect(parsePriceRappen("10000.01")).toEqual({ ok: false, message: SETTINGS_MSG.priceTooHigh });
  });

  it("tables have 1 to 50 seats and a name", () => {
    expect(parseTable(form({ name: " Tisch  Mond ", seats: "12", active: "on" }))).toEqual({ ok: true, value: { name: "Tisch Mond", seats: 12, active: true, noNewFrom: null } });
    expect(parseTable(form({ name: "Mond", seats: "12", noNewFrom: "2027-03-01" }))).toEqual({ ok: true, value: { name: "Mond", seats: 12, active: false, noNewFrom: "2027-03-01" } });
    expect(parseTable(form({ name: "Mond", seats: "12", noNewFrom: "1.3.27" }))).toEqual({ ok: false, errors: { noNewFrom: SETTINGS_MSG.date } });
    expect(parseTable(form({ name: "", seats: "51" }))).toEqual({ ok: false, errors: { name: SETTINGS_MSG.name, seats: SETTINGS_MSG.seats } });
    expect(parseTable(form({ name: "X", seats: "0" }))).toEqual({ ok: false, errors: { seats: SETTINGS_MSG.seats } });
  });

  it("opening hours: open before close, messages per weekday field", () => {
    const values: Record<string, string> = {};
    for (const d of [0, 1, 2, 3, 4, 5, 6]) Object.assign(values, { [`open-${d}`]: "10:00", [`close-${d}`]: "22:00", [`birthdays-${d}`]: "on" });
    const ok = parseOpeningHours(form(values));
    expect(ok.ok && ok.value).toHaveLength(7);
    expect(ok.ok && ok.value.find((d) => d.weekday === 1)).toEqual({ weekday: 1, openMin: 600, closeMin: 1320, birthdays: true, games: false });
    const bad = parseOpeningHours(form({ ...values, "open-3": "18:00", "close-3": "09:00", "open-5": "09:03" }));
    expect(bad).toEqual({ ok: false, errors: { "close-3": SETTINGS_MSG.openBeforeClose, "open-5": SETTINGS_MSG.timeGrid } });
  });

  it("offers: items one per line, duration on the grid", () => {
    const parsed = parseOffer(form({ name: "Mini", price: "19.90", slotMinutes: "90", position: "4", items: "Tisch\r\n\r\nKuchen \n", active: "on", leadHours: "24", minChildren: "6", maxChildren: "30", maxAdults: "10" }));
    expect(parsed).toEqual({ ok: true, value: { name: "Mini", basePriceRappen: 1990, slotMinutes: 90, items: ["Tisch", "Kuchen"], position: 4, active: true, leadHours: 24, minChildren: 6, maxChildren: 30, maxAdults: 10, minChargedChildren: 0, bufferMin: 0, deposit: { depositKind: "none", depositValue: 0 } } });
    expect(parseOffer(form({ name: "Klasse", price: "19", slotMinutes: "90", position: "1", items: "Tisch", leadHours: "0", minChildren: "0", maxChildren: "30", maxAdults: "4", minChargedChildren: "12" }))).toMatchObject({
      ok: true,
      value: { minChargedChildren: 12 },
    });
    expect(parseOffer(form({ name: "Mini", price: "1", slotMinutes: "92", position: "1", items: "", leadHours: "721", minChildren: "8", maxChildren: "6", maxAdults: "51", minChargedChildren: "-1" }))).toEqual({
      ok: false,
      errors: {
        slotMinutes: SETTINGS_MSG.duration,
        leadHours: SETTINGS_MSG.leadHours,
        minChildren: SETTINGS_MSG.minChildren,
        maxAdults: SETTINGS_MSG.maxAdults,
        minChargedChildren: SETTINGS_MSG.minChargedChildren,
        items: SETTINGS_MSG.items,
      },
    });
  });

  it("closures: single day by default, not in the past, a location for location closures", () => {
    expect(parseClosure(form({ startDate: "2027-12-25", scope: "venue", reason: "Weihnachten" }), "2027-01-01")).toEqual({
      ok: true,
      value: { startDate: "2027-12-25", endDate: "2027-12-25", scope: "venue", locationId: null, reason: "Weihnachten" },
    });
    expect(parseClosure(form({ startDate: "2026-12-25", endDate: "2026-12-24", scope: "location", reason: "" }), "2026-01-01")).toEqual({
      ok: false,
      errors: { endDate: SETTINGS_MSG.endBeforeStart, locationId: SETTINGS_MSG.location, reason: SETTINGS_MSG.reason },
    });
    expect(parseClosure(form({ startDate: "2025-12-25", scope: "x", reason: "R" }), "2026-01-01")).toEqual({
      ok: false,
      errors: { startDate: SETTINGS_MSG.inPast, scope: SETTINGS_MSG.scope },
    });
  });
});

describe("closures", () => {
  const closures: Closure[] = [
    { id: 1, startDate: "2026-12-24", endDate: "2026-12-26", scope: "venue", locationId: null, reason: "Weihnachten" },
    { id: 2, startDate: "2026-12-30", endDate: "2026-12-30", scope: "birthdays", locationId: null, reason: "Inventur" },
    { id: 3, startDate: "2027-01-02", endDate: "2027-01-03", scope: "location", locationId: 2, reason: "Umbau" },
  ];
  it("apply by scope: venue to all, birthdays to tables only, a location to that location only", () => {
    expect(closureOn(closures, "2026-12-25", { kind: "birthday" })?.id).toBe(1);
    expect(closureOn(closures, "2026-12-25", { kind: "game", locationId: 3 })?.id).toBe(1);
    expect(closureOn(closures, "2026-12-30", { kind: "birthday" })?.id).toBe(2);
    expect(closureOn(closures, "2026-12-30", { kind: "game", locationId: 2 })).toBeUndefined();
    expect(closureOn(closures, "2027-01-02", { kind: "game", locationId: 2 })?.id).toBe(3);
    expect(closureOn(closures, "2027-01-02", { kind: "game", locationId: 1 })).toBeUndefined();
    expect(closureOn(closures, "2027-01-02", { kind: "birthday" })).toBeUndefined();
    expect(closureOn(closures, "2026-12-27", { kind: "birthday" })).toBeUndefined();
  });
  it("lists the closed dates of a range, across a month end", () => {
    expect(closedDatesBetween(closures, "2026-12-25", "2027-01-31", { kind: "game", locationId: 2 })).toEqual(["2026-12-25", "2026-12-26", "2027-01-02", "2027-01-03"]);
    expect(closedDatesBetween(closures, "2026-12-01", "2026-12-31", { kind: "birthday" })).toEqual(["2026-12-24", "2026-12-25", "2026-12-26", "2026-12-30"]);
  });
});

describe("opening hours line", () => {
  const day = (weekday: number, openMin: number, closeMin: number) => ({ weekday, openMin, closeMin, birthdays: true, games: true });
  it("reads like the seed's line when every day is the same", () => {
    expect(openingHoursLine([0, 1, 2, 3, 4, 5, 6].map((d) => day(d, 600, 1320)))).toBe("Mo-So 10:00-22:00");
  });
  it("groups neighbouring weekdays, Monday first", () => {
    const rules = [1, 2, 3, 4, 5].map((d) => day(d, 600, 1200)).concat([day(6, 540, 1320), day(0, 540, 1320)]);
    expect(openingHoursLine(rules)).toBe("Mo-Fr 10:00-20:00, Sa-So 09:00-22:00");
    expect(openingHoursLine(rules.filter((r) => r.weekday !== 3))).toBe("Mo-Di 10:00-20:00, Mi geschlossen, Do-Fr 10:00-20:00, Sa-So 09:00-22:00");
  });
});

describe("weekdays line", () => {
  const rule = (weekday: number, birthdays: boolean, games = birthdays) => ({ weekday, openMin: 600, closeMin: 1320, birthdays, games });
  it("reads `Mittwoch bis Sonntag` for the seed's birthday days", () => {
    const seed = [0, 1, 2, 3, 4, 5, 6].map((d) => rule(d, d === 0 || d >= 3));
    expect(weekdaysLine(seed, "birthdays")).toBe("Mittwoch bis Sonntag");
    const policy = { holdMinutes: 15, selfServiceHours: 48, cancelFreeHours: 48, lateCancelFeePercent: 100, reminderHours: 48, gameLeadHours: 1, balanceDays: 3, balanceAtVenue: false, guestRetentionDays: 30, bookingRetentionMonths: 24 };
    expect(venueFacts(seed, policy)).toEqual({ openingHours: "Mo-So 10:00-22:00", birthdayDays: "Mittwoch bis Sonntag", gameDays: "Mittwoch bis Sonntag", ...policy });
  });
  it("names two days with `und`, separate days with commas, none as null", () => {
    expect(weekdaysLine([rule(6, true), rule(0, true)], "birthdays")).toBe("Samstag und Sonntag");
    expect(weekdaysLine([rule(3, true), rule(5, true), rule(0, true)], "birthdays")).toBe("Mittwoch, Freitag und Sonntag");
    expect(weekdaysLine([1, 2, 3, 4, 5, 6, 0].map((d) => rule(d, true)), "games")).toBe("Montag bis Sonntag");
    expect(weekdaysLine([rule(1, true), rule(2, true), rule(3, true), rule(5, true), rule(6, true)], "birthdays")).toBe("Montag bis Mittwoch, Freitag und Samstag");
    expect(weekdaysLine([rule(3, true, false)], "games")).toBeNull();
  });
});

describe("policy settings form", () => {
  const form = (values: Record<string, string>) => {
    const f = new FormData();
    for (const [k, v] of Object.entries(values)) f.set(k, v);
    return f;
  };
  it("takes whole numbers in range and names each wrong field", () => {
    expect(parsePolicySettings(form({ selfServiceHours: "72", lateCancelFeePercent: "50", reminderHours: "24", gameLeadHours: "0" }))).toEqual({
      ok: true,
      value: { selfServiceHours: 72, lateCancelFeePercent: 50, reminderHours: 24, gameLeadHours: 0 },
    });
    const wrong = parsePolicySettings(form({ selfServiceHours: "-1", lateCancelFeePercent: "101", reminderHours: "0", gameLeadHours: "2.5" }));
    expect(wrong).toEqual({
      ok: false,
      errors: {
        selfServiceHours: SETTINGS_MSG.selfServiceHours,
        lateCancelFeePercent: SETTINGS_MSG.lateCancelFeePercent,
        reminderHours: SETTINGS_MSG.reminderHours,
        gameLeadHours: SETTINGS_MSG.gameLeadHours,
      },
    });
  });
});

describe("special hours (issue #28 §4)", () => {
  const today = "2026-11-27";

  it("parses one date with its hours, kinds and note; past, far-off and malformed dates are refused", () => {
    expect(parseSpecialHours(form({ date: "2026-12-24", open: "10:00", close: "16:00", birthdays: "on", note: "  Heilig  abend " }), today)).toEqual({
      ok: true,
      value: { date: "2026-12-24", openMin: 600, closeMin: 960, birthdays: true, games: false, note: "Heilig abend" },
    });
    expect(parseSpecialHours(form({ date: "2026-11-26", open: "10:00", close: "16:00" }), today)).toEqual({ ok: false, errors: { date: SETTINGS_MSG.inPast } });
    expect(parseSpecialHours(form({ date: "2028-12-24", open: "10:00", close: "16:00" }), today)).toEqual({ ok: false, errors: { date: SETTINGS_MSG.tooFarAhead } });
    expect(parseSpecialHours(form({ date: "2026-02-30", open: "16:00", close: "10:00", note: "x".repeat(81) }), today)).toEqual({
      ok: false,
      errors: { date: SETTINGS_MSG.date, close: SETTINGS_MSG.openBeforeClose, note: SETTINGS_MSG.specialNote },
    });
    expect(parseSpecialHours(form({ date: "2026-12-24", open: "10:03", close: "" }), today)).toEqual({ ok: false, errors: { open: SETTINGS_MSG.timeGrid, close: SETTINGS_MSG.time } });
  });

  it("names upcoming special hours in the opening-hours sentence: six weeks ahead, four at most, past ones never", () => {
    const rules = [3, 4, 5, 6, 0].map((weekday) => ({ weekday, openMin: 600, closeMin: 1320, birthdays: true, games: true }));
    const s = (date: string) => ({ date, openMin: 600, closeMin: 960, birthdays: true, games: true, note: "" });
    const upcoming = upcomingSpecialHours([s("2026-11-26"), s("2026-12-24"), s("2026-12-31"), s("2027-01-10"), s("2027-02-01")], today);
    expect(upcoming.map((u) => u.date)).toEqual(["2026-12-24", "2026-12-31"]);
    expect(openingHoursLine(rules, upcoming)).toBe("Mo-Di geschlossen, Mi-So 10:00-22:00, am 24.12. 10:00-16:00, am 31.12. 10:00-16:00");
    expect(openingHoursLine([], [s("2026-12-24")])).toBe("geschlossen, am 24.12. 10:00-16:00");
    // In another language (issue #33): its own weekdays (Intl) and words.
    const french = { lang: "fr" as const, closed: "fermé", on: (day: string) => `le ${day}` };
    expect(openingHoursLine(rules, upcoming.slice(0, 1), french)).toBe("lun.-mar. fermé, mer.-dim. 10:00-22:00, le 24.12. 10:00-16:00");
    expect(openingHoursLine([], [], french)).toBe("fermé");
    const many = ["2026-11-28", "2026-11-29", "2026-11-30", "2026-12-01", "2026-12-02"].map(s);
    expect(upcomingSpecialHours(many, today)).toHaveLength(4);
  });

  it("a booking lies outside when it starts before opening, ends after closing, or its kind is not offered that day", () => {
    const thursday = "2026-12-03";
    const rules = [{ weekday: 4, openMin: 600, closeMin: 1080, birthdays: true, games: false }];
    expect(outsideHours({ date: thursday, startMin: 600, endMin: 720, table: true }, rules)).toBe(false);
    expect(outsideHours({ date: thursday, startMin: 960, endMin: 1080, table: true }, rules)).toBe(false);
    expect(outsideHours({ date: thursday, startMin: 1020, endMin: 1140, table: true }, rules)).toBe(true);
    expect(outsideHours({ date: thursday, startMin: 540, endMin: 660, table: true }, rules)).toBe(true);
    expect(outsideHours({ date: thursday, startMin: 600, endMin: 620, table: false }, rules)).toBe(true);
    expect(outsideHours({ date: "2026-12-04", startMin: 600, endMin: 720, table: true }, rules)).toBe(true);
  });
});
