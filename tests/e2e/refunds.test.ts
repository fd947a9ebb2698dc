import { startFakeDatatrans, type FakeDatatrans } from "../fakes/datatrans";
import { cancelAtDesk, expect, expectAccessible, futureWeekday, test, waitForHydration } from "./helpers";
import { baseEnv, listening, spawnServer, stop, type Spawned } from "./spawn-server";

/**
 * The staff's worklist of refunds the provider refused. A refusal cannot be provoked through the
 * simulated provider, so this runs on a second server paying through the fake Datatrans, which
 * refuses the credit at the moment staff cancel a paid booking (a provider that is merely down is
 * "in Bearbeitung", not refused: tests/e2e/money-crash.api.test.ts).
 */
const HMAC_KEY = "a1b2c3d4e5f60718293a4b5c6d7e8f90";
const PASSWORD = "refund-worklist-password";

let fake: FakeDatatrans;
let server: Spawned | undefined;

test.beforeAll(async () => {
  fake = await startFakeDatatrans({ merchantId: "m-e2e", password: "pw-e2e", hmacKeyHex: HMAC_KEY });
  server = spawnServer(
    baseEnv({
      NODE_ENV: "production",
      PUBLIC_URL: "http://127.0.0.1",
      DATABASE_URL: "",
      PAYMENT_PROVIDER: "datatrans",
      DATATRANS_MERCHANT_ID: "m-e2e",
      DATATRANS_PASSWORD: "pw-e2e",
      DATATRANS_HMAC_KEY: HMAC_KEY,
      DATATRANS_API_URL: fake.apiUrl,
      DATATRANS_PAY_URL: fake.payUrl,
      ADMIN_PASSWORD: PASSWORD,
    }),
  );
  await listening(server, 60_000);
});

test.afterAll(async () => {
  if (server) await stop(server);
  await fake?.close();
});

test("a refund the provider refused is on the staff's worklist until marked as done by hand", async ({ page, javaScriptEnabled }) => {
  const base = server!.baseUrl!;
  // A family books and pays online (the JSON API, as the spec's client does).
  const reserved = await page.request.post(`${base}/api/birthday/reserve`, {
    data: {
      reservationDate: futureWeekday(3, javaScriptEnabled ? 14 : 21),
      selectedSlots: [{ startTime: "15:00", endTime: "" }],
      numChildren: 4,
      numActiveAdults: 0,
      numAccompanyingAdults: 1,
      selectedOffer: { offerId: 1 },
      firstName: "Rita",
      lastName: "Rückgabe",
      street: "Bachweg 2",
      zip: "8620",
      city: "Wetzikon",
      phone: "044 222 33 44",
      email: "rita@example.ch",
    },
  });
  expect(reserved.status()).toBe(200);
  const { bookingCode: code, reservationToken } = (await reserved.json()) as { bookingCode: string; reservationToken: string };
  const initiated = await page.request.post(`${base}/api/payments/initiate`, {
    data: { systemId: "kidsindoor", currency: "CHF", refno: "", amount: 12100, reservationData: { bookingCode: code }, reservationToken },
  });
  expect(initiated.status()).toBe(200);
  const trx = ((await initiated.json()) as { paymentUrl: string }).paymentUrl.split("/").at(-1)!;
  await fake.pay(trx, "settled");
  const status = await page.request.get(`${base}/api/payments/transaction/${trx}?reservationToken=${encodeURIComponent(reservationToken)}`);
  expect(((await status.json()) as { status: string }).status).toBe("settled");

  // Staff cancel and the provider refuses the refund: it has to be done by hand.
  await page.goto(`${base}/admin/login`);
  await page.getByLabel("E-Mail").fill("admin");
  await page.getByLabel("Passwort").fill(PASSWORD);
  await page.getByRole("button", { name: "Anmelden" }).click();
  await expect(page.getByRole("heading", { name: "Tagesübersicht" })).toBeVisible();
  await page.goto(`${base}/admin/storno`);
  if (javaScriptEnabled) await waitForHydration(page);
  fake.setCreditRefusal("DECLINED");
  try {
    await cancelAtDesk(page, code);
    await expect(page.getByText(/Rückerstattung fehlgeschlagen: Bitte erstatten Sie CHF \d+\.\d\d manuell\./)).toBeVisible();
  } finally {
    fake.setCreditRefusal(null);
  }

  // The worklist: one link from the desk, the payment filter set.
  await page.goto(`${base}/admin/buchungen`);
  await page.getByRole("link", { name: "Offene Rückerstattungen" }).click();
  await expect(page).toHaveURL(/payment=refund_pending/);
  await expect(page.getByLabel("Zahlung")).toHaveValue("refund_pending");
  await expect(page.getByRole("heading", { name: "1 Buchung gefunden" })).toBeVisible();
  const row = page.getByRole("row", { name: new RegExp(code) });
  await expect(row).toContainText("Rückerstattung offen");
  await expectAccessible(page);

  await row.getByRole("link", { name: code }).click();
  await expect(page.getByText(/Rückerstattung offen: Der Zahlungsanbieter hat die Rückerstattung abgelehnt/)).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel("Vermerk (optional, z. B. Überweisung vom …)").fill("Überweisung vom 24.11., Beleg 4711");
  await page.getByRole("button", { name: "Rückerstattung manuell erledigt" }).click();
  await expect(page.getByText("Rückerstattung als manuell erledigt vermerkt.")).toBeVisible();
  await expect(page.locator("dt", { hasText: /^Zahlung$/ }).locator("+ dd")).toHaveText("zurückerstattet");
  await expect(page.getByRole("button", { name: "Rückerstattung manuell erledigt" })).toHaveCount(0);
  const audit = page.getByRole("table", { name: "Änderungen durch Mitarbeitende und Systeme" });
  await expect(audit).toContainText("hat die Rückerstattung als manuell erledigt markiert");
  await expect(audit).toContainText("Beleg 4711");

  // Off the worklist.
  await page.goto(`${base}/admin/buchungen?payment=refund_pending`);
  await expect(page.getByRole("heading", { name: "Keine Buchungen gefunden" })).toBeVisible();
});
