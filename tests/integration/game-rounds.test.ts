import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseLocation } from "~/domain/venue-settings";
import { reserveGame } from "~/server/booking/games.server";
import { findGameLocation } from "~/server/booking/venue.server";
import { gameLocations } from "~/server/platform/schema";
import type { Staff } from "~/server/staff/auth.server";
import { createStaffAccount } from "~/server/staff/staff-accounts.server";
import { saveLocation } from "~/server/staff/venue-admin.server";
import { drivers, type TestDatabase } from "./databases";
import { CONTACT, nextWeekday } from "./fixtures";

/** Round limits per game location (issue #28 §3): set on the settings page, applied by every booking path. */
describe.each(drivers)("game round limits on $name", ({ open }) => {
  let database: TestDatabase;
  let manager: Staff;

  beforeAll(async () => {
    database = await open();
    manager = await createStaffAccount(database.db, "runden@funworld.ch", "ein-langes-passwort-123", "manager");
  });
  afterAll(async () => {
    await database?.close();
  });

  async function formFor(id: number, rounds: { maxRounds: string; packageRounds: string; packageExtraRounds: string }) {
    const [l] = await database.db.select().from(gameLocations).where(eq(gameLocations.id, id));
    const f = new FormData();
    const chf = (r: number) => (r / 100).toFixed(2);
    for (const [k, v] of Object.entries({
      name: l!.name,
      reservationType: l!.reservationType,
      capacity: String(l!.capacity),
      pricePerPlayerRound: chf(l!.pricePerPlayerRoundRappen),
      packagePrice: chf(l!.packagePriceRappen),
      extraRoundPrice: chf(l!.extraRoundPriceRappen),
      description: l!.description,
      active: "on",
      ...rounds,
    }))
      f.set(k, v);
    return f;
  }

  it("defaults to the spec's 1–5 and 3 + 3, and refuses limits beyond 12 rounds in German", async () => {
    expect(await findGameLocation(database.db, 1)).toMatchObject({ maxRounds: 5, packageRounds: 3, packageExtraRounds: 3 });
    expect(parseLocation(await formFor(1, { maxRounds: "0", packageRounds: "3", packageExtraRounds: "3" }))).toMatchObject({
      ok: false,
      errors: { maxRounds: "Bitte geben Sie 1 bis 12 Runden an." },
    });
    expect(parseLocation(await formFor(1, { maxRounds: "5", packageRounds: "8", packageExtraRounds: "5" }))).toMatchObject({
      ok: false,
      errors: { packageExtraRounds: "Inklusive und zusätzliche Runden zusammen höchstens 12 (4 Stunden)." },
    });
  });

  it("a location's own limits decide what a booking may choose and what the package costs", async () => {
    const parsed = parseLocation(await formFor(1, { maxRounds: "3", packageRounds: "2", packageExtraRounds: "1" }));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(await saveLocation(database.db, manager, 1, parsed.value)).toMatchObject({ ok: true });
    const location = (await findGameLocation(database.db, 1))!;
    expect(location).toMatchObject({ maxRounds: 3, packageRounds: 2, packageExtraRounds: 1 });

    const date = nextWeekday(6);
    const game = (gameType: 1 | 2, rounds: number, startMin: number) =>
      reserveGame(database.db, { locationId: 1, gameType, date, startMin, rounds, players: 2, contact: CONTACT }, { holdMinutes: 15 });
    expect(await game(1, 4, 600)).toMatchObject({ ok: false, reason: "invalid", message: "Bitte wählen Sie 1 bis 3 Runden." });
    expect(await game(2, 4, 600)).toMatchObject({ ok: false, reason: "invalid", message: "Bitte wählen Sie 2 bis 3 Runden." });
    const pkg = await game(2, 3, 600);
    expect(pkg.ok).toBe(true);
    if (!pkg.ok) return;
    expect(pkg.reservation.priceRappen).toBe(location.packagePriceRappen + location.extraRoundPriceRappen);
    expect(pkg.reservation.endMin - pkg.reservation.startMin).toBe(60);
    expect((await game(1, 3, 720)).ok).toBe(true);
  });
});
