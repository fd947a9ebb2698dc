import type { Page } from "@playwright/test";
import { simpleParser } from "mailparser";
import { expect, expectAccessible, signIn, test, waitForMail } from "./helpers";
import { pdfText } from "../setup/pdf-text";

/**
 * Issue #31 §3: a gift voucher bought online, from the home page's link: a wrong entry explained
 * field by field, the payment page, the paid order with its code and PDF, the e-mail with the PDF
 * attached; a cancelled payment paid again from the order's page; the manager sees the order. The
 * pages ship no JavaScript, so both runs exercise the same HTML; axe and a 320 px phone each step.
 */

async function expectFitsPhone(page: Page) {
  await page.setViewportSize({ width: 320, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function fillOrder(page: Page, recipient: string, buyerEmail: string) {
  await page.getByLabel("Für (Name der beschenkten Person)").fill(recipient);
  await page.getByLabel("Persönliche Nachricht (freiwillig)").fill("Viel Spass beim Klettern!\nDein Götti");
  await page.getByLabel("Ihr Name").fill("Götti Beat");
  await page.getByLabel("Ihre E-Mail-Adresse").fill(buyerEmail);
}

test("a gift voucher bought online: errors, payment, code, PDF and e-mail", async ({ page, javaScriptEnabled }) => {
  const recipient = javaScriptEnabled ? "Nora Sonnenschein" : "Elio Regenbogen";
  await page.goto("/");
  await page.getByRole("link", { name: "Gutschein verschenken" }).click();
  await expect(page).toHaveURL(/\/gutschein$/);
  await expect(page.getByRole("heading", { name: "Gutschein verschenken" })).toBeVisible();
  await expect(page.getByText("Gültig 36 Monate ab Kauf.")).toBeVisible();
  await expectAccessible(page);
  await expectFitsPhone(page);

  // A free amount outside the limits, no name, a wrong address, the AGB not accepted: each explained.
  await page.getByRole("radio", { name: "Anderer Betrag" }).check();
  await page.getByLabel(/Anderer Betrag in CHF/).fill("5");
  await page.getByLabel("Ihre E-Mail-Adresse").fill("beat@");
  await page.getByRole("button", { name: "Weiter zur Zahlung" }).click();
  const alert = page.getByRole("alert");
  await expect(alert).toContainText("Bitte wählen Sie einen Betrag zwischen CHF 10.00 und CHF 500.00 (ganze Franken).");
  await expect(alert).toContainText("Bitte geben Sie an, für wen der Gutschein ist.");
  await expect(alert).toContainText("Bitte geben Sie eine gültige E-Mail-Adresse ein.");
  await expect(alert).toContainText("Bitte akzeptieren Sie die AGBs.");
  await expect(page.getByLabel(/Anderer Betrag in CHF/)).toHaveValue("5");
  await expectAccessible(page);
  await expectFitsPhone(page);

  await page.getByLabel(/Anderer Betrag in CHF/).fill("75");
  await fillOrder(page, recipient, "beat@example.ch");
  await page.getByLabel(/Ich akzeptiere die/).check();
  await page.getByRole("button", { name: "Weiter zur Zahlung" }).click();
  await expect(page.getByText("CHF 75.00")).toBeVisible();
  await page.getByRole("button", { name: "Bezahlen" }).click();

  await expect(page).toHaveURL(/\/gutschein\/bestellung\/[A-Za-z0-9_-]{43}/);
  await expect(page.getByRole("status")).toHaveText("Vielen Dank! Ihr Gutschein ist bezahlt. Wir haben ihn Ihnen per E-Mail gesendet.");
  const code = (await page.locator("dd.voucher-code").textContent())!.trim();
  expect(code).toMatch(/^[A-Z0-9-]{6,}$/);
  await expect(page.getByText(recipient)).toBeVisible();
  // The link is the buyer's secret: never cached, and no Referer takes it to another site.
  const headers = (await page.request.get(page.url())).headers();
  expect(headers["referrer-policy"]).toBe("same-origin");
  expect(headers["cache-control"]).toBe("no-store");
  await expectAccessible(page);
  await expectFitsPhone(page);

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Gutschein als PDF herunterladen" }).click()]);
  expect(download.suggestedFilename()).toBe(`gutschein-${code}.pdf`);
  const text = await pdfText(Buffer.from(await (await import("node:fs/promises")).readFile((await download.path())!)));
  for (const part of [code, "CHF 75.00", recipient, "Götti Beat", "Viel Spass beim Klettern!"]) expect(text).toContain(part);

  const mail = await waitForMail("gutschein-", 15_000, (t) => t.includes(code));
  expect(mail).toContain("Content-Type: application/pdf");
  expect(mail).toContain("Ihr Gutschein von");

  // The voucher pays like any other: the spec's check answers with its value.
  const check = await page.request.post("/api/coupons/validate", { data: { couponCode: code, systemId: "kidsindoor", orderAmount: 100 } });
  expect(await check.json()).toMatchObject({ valid: true, remainingValue: 75 });
});

test("a cancelled payment is paid again from the order's page; the manager sees the order", async ({ page, javaScriptEnabled }) => {
  const recipient = javaScriptEnabled ? "Tim Sternschnuppe" : "Ida Morgenrot";
  await page.goto("/gutschein");
  await page.getByRole("radio", { name: "CHF 20.00" }).check();
  await fillOrder(page, recipient, "beat@example.ch");
  await page.getByLabel(/Ich akzeptiere die/).check();
  await page.getByRole("button", { name: "Weiter zur Zahlung" }).click();
  await page.getByRole("button", { name: "Abbrechen" }).click();
  await expect(page).toHaveURL(/\/gutschein\/bestellung\/.+\?r=abgebrochen/);
  await expect(page.getByRole("alert")).toHaveText("Die Zahlung wurde abgebrochen. Der Gutschein ist nicht bezahlt.");
  await expect(page.locator("dd.voucher-code")).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole("button", { name: "Jetzt bezahlen" }).click();
  await page.getByRole("button", { name: "Bezahlen" }).click();
  await expect(page.getByRole("status")).toContainText("Ihr Gutschein ist bezahlt.");
  const code = (await page.locator("dd.voucher-code").textContent())!.trim();

  await signIn(page);
  await page.goto("/admin/einstellungen/gutscheine");
  await expectAccessible(page);
  await expectFitsPhone(page);
  const row = page.getByRole("row").filter({ hasText: recipient });
  await expect(row).toContainText("bezahlt");
  await expect(row).toContainText(code);
  await expect(row).toContainText("CHF 20.00");
  await expect(row).toContainText("abgebrochen");
});

/**
 * German words that must not show outside what is marked `lang="de-CH"`: a copy of
 * languages.test.ts's `germanLeaks` (Playwright refuses a test file importing another test file;
 * moving it to helpers.ts would let every file share it).
 */
const GERMAN_TELLTALES = [
  "Weiter", "Zurück", "Bitte", "wählen", "Kinder", "Kind", "Erwachsene", "Datum", "Zeit", "Uhr", "Buchung", "Angebot", "Zahlung", "Gutschein",
  "Startseite", "geschlossen", "verwalten", "Öffnungszeiten", "Telefon", "Kontakt", "Termin", "Personen", "und", "oder", "für", "mit", "pro", "bis", "Sie", "Ihre", "Ihr",
];

async function germanLeaks(page: Page): Promise<string[]> {
  return page.evaluate((words) => {
    const clone = document.body.cloneNode(true) as HTMLElement;
    clone.querySelectorAll('[lang="de-CH"], [lang="de"], script, style, template, noscript').forEach((e) => e.remove());
    const texts = [clone.textContent ?? "", document.title];
    clone.querySelectorAll("[aria-label], [title], [placeholder], [alt], [value]").forEach((e) => {
      for (const a of ["aria-label", "title", "placeholder", "alt"]) {
        const v = e.getAttribute(a);
        if (v) texts.push(v);
      }
      if (e instanceof HTMLInputElement && (e.type === "submit" || e.type === "button")) texts.push(e.value);
    });
    const all = texts.join("\n").replace(/\s+/g, " ");
    return words.flatMap((w) => {
      const m = new RegExp(`(^|[^\\p{L}])${w}([^\\p{L}]|$)`, "u").exec(all);
      return m ? [`${w}: …${all.slice(Math.max(0, m.index - 40), m.index + w.length + 40)}…`] : [];
    });
  }, GERMAN_TELLTALES);
}

test("fr: the voucher shop in French, through the payment to the French order page, PDF and e-mail (issue #33)", async ({ page, javaScriptEnabled }) => {
  const recipient = javaScriptEnabled ? "Chloé Arc-en-ciel" : "Théo Étoile";
  // A client of its own (the server trusts X-Forwarded-For from loopback): the German tests' orders use up 127.0.0.1's hourly budget.
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": javaScriptEnabled ? "203.0.113.153" : "203.0.113.154" });
  const checkPage = async () => {
    await expect(page.locator("html")).toHaveAttribute("lang", "fr-CH");
    expect(await germanLeaks(page), page.url()).toEqual([]);
    await expect(page.getByText("Disponible uniquement en allemand.")).toHaveCount(0);
    await expectAccessible(page);
  };
  await page.goto("/fr");
  await page.getByRole("link", { name: "Offrir un bon cadeau" }).click();
  await expect(page).toHaveURL(/\/fr\/gutschein$/);
  await expect(page.getByRole("heading", { name: "Offrir un bon cadeau" })).toBeVisible();
  await expect(page.getByText("Valable 36 mois à compter de l’achat.")).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "CG" })).toHaveAttribute("href", /^\/fr\/agb/);
  await checkPage();
  await expectFitsPhone(page);

  // A free amount outside the limits, no name, the terms not accepted: each explained in French.
  await page.getByRole("radio", { name: "Autre montant", exact: true }).check();
  await page.getByLabel(/Autre montant en CHF/).fill("5");
  await page.getByRole("button", { name: "Continuer vers le paiement" }).click();
  await expect(page).toHaveURL(/\/fr\/gutschein(\?index)?$/);
  const alert = page.getByRole("alert");
  await expect(alert).toContainText(/Veuillez choisir un montant entre 10\.00\sCHF et 500\.00\sCHF \(francs entiers\)\./);
  await expect(alert).toContainText("Veuillez indiquer à qui est destiné le bon cadeau.");
  await expect(alert).toContainText("Veuillez accepter les CG.");
  await checkPage();

  await page.getByLabel(/Autre montant en CHF/).fill("75");
  await page.getByLabel("Pour (nom de la personne qui reçoit le bon)").fill(recipient);
  await page.getByLabel("Message personnel (facultatif)").fill("Joyeux anniversaire\u202f!\nTon parrain");
  await page.getByLabel("Votre nom").fill("Parrain Marc");
  await page.getByLabel("Votre adresse e-mail").fill("parrain@example.ch");
  await page.getByLabel(/J’accepte les/).check();
  await page.getByRole("button", { name: "Continuer vers le paiement" }).click();
  // The local simulated provider's page (it may speak the order's language: Datatrans's own page does).
  await page.getByRole("button", { name: /^(Payer|Bezahlen)$/ }).click();

  // Back on the order's page in French.
  await expect(page).toHaveURL(/\/fr\/gutschein\/bestellung\/[A-Za-z0-9_-]{43}(\?|$)/);
  await expect(page.getByRole("status")).toHaveText("Merci beaucoup\u202f! Votre bon cadeau est payé. Nous vous l’avons envoyé par e-mail.");
  const code = (await page.locator("dd.voucher-code").textContent())!.trim();
  expect(code).toMatch(/^[A-Z0-9-]{6,}$/);
  await expect(page.getByText(/^75\.00\sCHF$/)).toBeVisible();
  await expect(page.getByText(recipient)).toBeVisible();
  await checkPage();
  await expectFitsPhone(page);

  // The PDF speaks the order's language.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Télécharger le bon cadeau en PDF" }).click()]);
  expect(download.suggestedFilename()).toBe(`bon-cadeau-${code}.pdf`);
  const text = await pdfText(Buffer.from(await (await import("node:fs/promises")).readFile((await download.path())!)));
  for (const part of ["Bon cadeau", code, "75.00 CHF", recipient, "De la part de", "Parrain Marc", "Non remboursable en espèces."]) expect(text).toContain(part);
  expect(text).not.toContain("Gutschein");

  // So does the e-mail, and its link opens the French order page.
  const mail = await waitForMail("gutschein-", 15_000, (t) => t.includes(code));
  expect(mail).toContain("Content-Language: fr-CH");
  const parsed = await simpleParser(mail);
  expect(parsed.subject).toMatch(/^Votre bon cadeau de /);
  const link = /https?:\/\/[^/\s]+(\/fr\/gutschein\/bestellung\/[A-Za-z0-9_-]{43})/.exec(parsed.text ?? "")![1]!;
  await page.goto(link);
  await expect(page.getByRole("status")).toContainText("Votre bon cadeau est payé.");
  await checkPage();
});

test("fr: a cancelled payment comes back to the French order page and is paid again from it", async ({ page, javaScriptEnabled }) => {
  // A client of its own (the server trusts X-Forwarded-For from loopback): the German tests' orders use up 127.0.0.1's hourly budget.
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": javaScriptEnabled ? "203.0.113.151" : "203.0.113.152" });
  const recipient = javaScriptEnabled ? "Jules Aurore" : "Inès Comète";
  await page.goto("/fr/gutschein");
  await page.getByRole("radio", { name: /^20\.00\sCHF$/ }).check();
  await page.getByLabel("Pour (nom de la personne qui reçoit le bon)").fill(recipient);
  await page.getByLabel("Votre nom").fill("Parrain Marc");
  await page.getByLabel("Votre adresse e-mail").fill("parrain@example.ch");
  await page.getByLabel(/J’accepte les/).check();
  await page.getByRole("button", { name: "Continuer vers le paiement" }).click();
  await page.getByRole("button", { name: /^(Annuler|Abbrechen)$/ }).click();
  await expect(page).toHaveURL(/\/fr\/gutschein\/bestellung\/.+\?r=abgebrochen/);
  await expect(page.getByRole("alert")).toHaveText("Le paiement a été interrompu. Le bon cadeau n’est pas payé.");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr-CH");
  expect(await germanLeaks(page)).toEqual([]);
  await expectAccessible(page);
  await page.getByRole("button", { name: "Payer maintenant" }).click();
  await page.getByRole("button", { name: /^(Payer|Bezahlen)$/ }).click();
  await expect(page).toHaveURL(/\/fr\/gutschein\/bestellung\/[A-Za-z0-9_-]{43}(\?|$)/);
  await expect(page.getByRole("status")).toContainText("Votre bon cadeau est payé.");
});
