import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, venueNow } from "~/domain/time";
import { checkSlotChoice } from "~/server/booking/slot-choice.server";
import { drivers, type TestDatabase } from "./databases";
import { nextWeekday } from "./fixtures";

const PARTY = { numChildren: 5, numActiveAdults: 0, numAccompanyingAdults: 1 };

describe.each(drivers)("slot step and the booking horizon on $name", ({ open }) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(async () => {
    await database?.close();
  });

  it("refuses a date after the horizon at the slot step, before any contact data is asked", async () => {
    const afterHorizon = addDays(venueNow().date, 366);
    const result = await checkSlotChoice(database.db, 1, { date: afterHorizon, counts: PARTY, startMin: 840 });
    expect(result).toEqual({ ok: false, error: "Buchungen sind höchstens 365 Tage im Voraus möglich. Bitte wählen Sie ein früheres Datum.", issue: { key: "beyondHorizon", n: 365 } });
    expect(await checkSlotChoice(database.db, 1, { date: addDays(venueNow().date, 1200), counts: PARTY, startMin: 840 })).toEqual(result);
  });

  it("still accepts a free slot inside the horizon", async () => {
    const saturday = nextWeekday(6);
    expect(await checkSlotChoice(database.db, 1, { date: saturday, counts: PARTY, startMin: 840 })).toMatchObject({ ok: true, date: saturday, startMin: 840 });
  });
});
