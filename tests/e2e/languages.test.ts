import type { Page } from "@playwright/test";
import { simpleParser } from "mailparser";
import { expect, expectAccessible, futureWeekday, signIn, test, waitForHydration, waitForMail } from "./helpers";

/**
 * Issue #33: languages. German stays at the spec's URLs; French, Italian and English live under
 * `/fr`, `/it`, `/en`. Each page names its language (`<html lang>`), lists the others (`hreflang`),
 * switches without JavaScript while keeping the query, and — in fr/it/en — shows no German word
 * except what the venue typed (marked `lang="de-CH"`). A browser that prefers French is offered the
 * French page by a link, never redirected. JS on and off.
 */

/** German UI words that must not appear on a translated page (whole words, case-sensitive). */
export const GERMAN_TELLTALES = [
  "Weiter", "Zurück", "Bitte", "wählen", "Kinder", "Kind", "Erwachsene", "Datum", "Zeit", "Uhr", "Buchung", "Angebot", "Zahlung", "Gutschein",
  "Startseite", "geschlossen", "verwalten", "Öffnungszeiten", "Telefon", "Kontakt", "Termin", "Personen", "und", "oder", "für", "mit", "pro", "bis", "Sie", "Ihre", "Ihr",
];

/** The German words of a page's text and attributes, leaving out what is marked as German (the venue's own words). */
export async function germanLeaks(page: Page): Promise<string[]> {
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
    // Each German word with the text around it, so a failure says where it is.
    return words.flatMap((w) => {
      const m = new RegExp(`(^|[^\\p{L}])${w}([^\\p{L}]|$)`, "u").exec(all);
      return m ? [`${w}: …${all.slice(Math.max(0, m.index - 40), m.index + w.length + 40)}…`] : [];
    });
  }, GERMAN_TELLTALES);
}

async function expectFitsPhone(page: Page) {
  for (const width of [320, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
}

for (const [lang, locale, heading] of [
  ["fr", "fr-CH", /Bienvenue/],
  ["it", "it-CH", /Benvenuti|Benvenuto/],
  ["en", "en-CH", /Welcome/],
] as const) {
  test(`${lang}: the home page and the packages speak ${locale}, list the other languages and switch back to German with the query kept`, async ({ page, javaScriptEnabled }) => {
    await page.goto(`/${lang}`);
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    expect(await germanLeaks(page)).toEqual([]);
    await expectAccessible(page);

    // hreflang: each language's page, absolute, and German as the default.
    const alternates = await page.locator('link[rel="alternate"]').evaluateAll((links) => links.map((l) => [l.getAttribute("hreflang"), new URL(l.getAttribute("href")!).pathname]));
    expect(alternates).toEqual([
      ["de-CH", "/"],
      ["fr-CH", "/fr"],
      ["it-CH", "/it"],
      ["en-CH", "/en"],
      ["x-default", "/"],
    ]);

    await page.locator("a.hero-cta").click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/offers$`));
    if (javaScriptEnabled) await waitForHydration(page);
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    expect(await germanLeaks(page)).toEqual([]);
    await expectAccessible(page);
    await expectFitsPhone(page);
    // Footer links keep the language.
    await expect(page.locator(".footer-links a").first()).toHaveAttribute("href", `/${lang}/buchung`);

    // The persons step with a query: the switch keeps it; German lives at the spec's URL.
    await page.goto(`/${lang}/find-slot?offerId=1&numChildren=4&numActiveAdults=1&numAccompanyingAdults=0`);
    expect(await germanLeaks(page)).toEqual([]);
    await page.getByRole("navigation", { name: /./ }).filter({ hasText: "Deutsch" }).getByRole("link", { name: "Deutsch" }).click();
    await expect(page).toHaveURL(/\/find-slot\?offerId=1&numChildren=4&numActiveAdults=1&numAccompanyingAdults=0$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "de-CH");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Termin buchen");
    await expect(page.getByLabel("Kinder", { exact: true })).toHaveValue("4");
  });
}

test("German stays at the spec's URLs; a wrong or German prefix is no page", async ({ page }) => {
  await page.goto("/offers");
  await expect(page.locator("html")).toHaveAttribute("lang", "de-CH");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Angebot wählen");
  await expect(page.getByRole("navigation", { name: "Sprache" }).getByText("Deutsch")).toHaveAttribute("aria-current", "true");
  for (const path of ["/xx/offers", "/de/offers", "/fr/admin"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
  }
});

test("a browser preferring French is offered the French page by a link, not redirected; crawlers are not", async ({ browser }) => {
  // A family's browser (headless Chrome names itself a bot, and bots get no suggestion).
  const userAgent = "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36";
  const french = await browser.newContext({ userAgent, locale: "fr-CH", extraHTTPHeaders: { "Accept-Language": "fr-CH,fr;q=0.9,de;q=0.5" } });
  const page = await french.newPage();
  const response = await page.goto("/offers?x=1");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/\/offers\?x=1$/);
  await expect(page.getByRole("link", { name: "Cette page en français" })).toHaveAttribute("href", "/fr/offers?x=1");
  await french.close();

  const crawler = await browser.newContext({ userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", extraHTTPHeaders: { "Accept-Language": "fr" } });
  const bot = await crawler.newPage();
  await bot.goto("/offers");
  await expect(bot.getByRole("link", { name: "Cette page en français" })).toHaveCount(0);
  await crawler.close();
});

const FAMILY = {
  fr: {
    date: (js: boolean) => futureWeekday(3, js ? 294 : 301),
    labels: { firstName: /^Prénom/, lastName: /^Nom\b/, street: /^Rue et numéro/, zip: /^NPA/, city: /^Localité/, phone: /^Téléphone/, email: /^E-mail\b/, emailRepeat: /^Confirmer l'e-mail/ },
    next: "Continuer",
    toData: "Continuer vers vos coordonnées",
    terms: /J'accepte les/,
    toPayment: "Continuer vers le paiement",
    pay: "Payer",
    paid: "Paiement réussi !",
    language: "Französisch",
    mailLanguage: "Content-Language: fr-CH",
    mailSubject: "Confirmation de réservation",
    cancelYes: "Oui, annuler la réservation",
    cancelledSubject: "Annulation de votre réservation",
  },
  it: {
    date: (js: boolean) => futureWeekday(3, js ? 308 : 315),
    labels: { firstName: /^Nome\b/, lastName: /^Cognome/, street: /^Via e numero civico/, zip: /^NPA/, city: /^Località/, phone: /^Telefono/, email: /^E-mail\b/, emailRepeat: /^Ripetere l'e-mail/ },
    next: "Avanti",
    toData: "Continuare con l'inserimento dei dati",
    terms: /Accetto le/,
    toPayment: "Procedere al pagamento",
    pay: "Paga",
    paid: "Pagamento riuscito!",
    language: "Italienisch",
    mailLanguage: "Content-Language: it-CH",
    mailSubject: "Conferma della prenotazione",
    cancelYes: "Sì, annullare la prenotazione",
    cancelledSubject: "Annullamento della Sua prenotazione",
  },
} as const;

for (const lang of ["fr", "it"] as const) {
  test(`${lang}: a whole birthday booking without a German word on the way; staff see the family's language in German`, async ({ page, javaScriptEnabled }) => {
    const f = FAMILY[lang];
    const checkPage = async () => {
      await expect(page.locator("html")).toHaveAttribute("lang", `${lang}-CH`);
      expect(await germanLeaks(page), page.url()).toEqual([]);
      await expectAccessible(page);
    };
    await page.goto(`/${lang}/offers`);
    if (javaScriptEnabled) await waitForHydration(page);
    await page.getByRole("radio", { name: /Geburtstag Classic/ }).check();
    await page.getByRole("button", { name: f.next }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/find-slot`));

    // The day and the persons by URL (as a bookmark would carry them), then the slot.
    await page.goto(`/${lang}/find-slot?offerId=1&date=${f.date(javaScriptEnabled)}&numChildren=3&numActiveAdults=0&numAccompanyingAdults=1`);
    if (javaScriptEnabled) await waitForHydration(page);
    await checkPage();
    await page.getByRole("radio", { name: /^14:00/ }).check();
    await page.getByRole("button", { name: f.toData }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/enter-data$`));
    if (javaScriptEnabled) await waitForHydration(page);
    await checkPage();

    // A refused submit answers in the page's language (without JavaScript: the server's check; with
    // it the button waits for a complete form, as in German).
    if (!javaScriptEnabled) {
      await page.getByRole("button", { name: f.toPayment }).click();
      await expect(page.getByRole("alert").first()).toBeVisible();
      expect(await germanLeaks(page)).toEqual([]);
    }

    const email = `famille-${lang}-${javaScriptEnabled ? "js" : "nojs"}@example.ch`;
    const values = { firstName: "Léa", lastName: "Rossi", street: "Rue du Lac 4", zip: "1003", city: "Lausanne", phone: "021 345 67 89", email, emailRepeat: email };
    for (const [field, label] of Object.entries(f.labels)) await page.getByLabel(label).first().fill(values[field as keyof typeof values]);
    await page.getByLabel(f.terms).check();
    await page.getByRole("button", { name: f.toPayment }).click();
    // The local simulated provider's page speaks the family's language too, as Datatrans's own page
    // does (its address has none: the return address's prefix tells it).
    await expect(page).toHaveURL(/\/simulated-pay\//);
    await expect(page.locator(`main [lang="${lang}-CH"]`)).toBeVisible();
    await page.getByRole("button", { name: f.pay }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/payment/success`));
    await expect(page.getByRole("heading", { name: f.paid })).toBeVisible();
    await checkPage();
    const code = (await page.locator("dd strong").first().textContent())!.trim();
    expect(code).toMatch(/^[A-Z0-9-]{4,}$/);
    // The confirmation e-mail speaks the family's language (issue #33 §3).
    const mail = await waitForMail(code);
    expect(mail).toContain(f.mailLanguage);
    const confirmation = await simpleParser(mail);
    expect(confirmation.subject).toMatch(new RegExp(`^${f.mailSubject} ${code} – `));

    // The e-mail's manage link opens the family's language; its pages speak it (the venue's own
    // words marked German aside), down to the cancellation and its e-mail.
    const manage = new RegExp(`https?://[^/\\s]+(/${lang}/buchung/[A-Za-z0-9_-]+)`).exec(confirmation.text ?? "")![1]!;
    for (const sub of ["", "/feier", "/gaeste", "/daten", "/personen", "/verschieben", "/stornieren"]) {
      // The manage link's pages ship no JavaScript (nothing on them needs it): no hydration to wait for.
      await page.goto(`${manage}${sub}`);
      await checkPage();
    }
    await page.getByRole("button", { name: f.cancelYes }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/buchung/[A-Za-z0-9_-]+\\?ok=`));
    await checkPage();
    const cancelled = await waitForMail(code, 15_000, (text) => text.includes("METHOD:CANCEL"));
    expect((await simpleParser(cancelled)).subject).toMatch(new RegExp(`^${f.cancelledSubject} ${code} – `));

    // Staff pages stay German and show the family's language.
    await signIn(page);
    await page.goto(`/admin/buchungen/${code}`);
    await expect(page.locator("html")).toHaveAttribute("lang", "de-CH");
    await expect(page.getByText("Sprache der Familie")).toBeVisible();
    await expect(page.getByText(f.language, { exact: true })).toBeVisible();
  });
}

/**
 * Issue #33 §2: the voucher box on /fr/enter-data answers in French — a promo code that is no longer
 * valid (its date worded in French), an unknown voucher — with and without JavaScript; a wrong manage
 * link under /fr is a French 404. (An expired voucher cannot be issued through the API, whose
 * `validUntil` must not be in the past: tests/integration/coupon-languages.test.ts checks its French
 * message on the route itself.)
 */

test("fr: the voucher box refuses an expired promo code and an unknown voucher in French", async ({ page, javaScriptEnabled }) => {
  const code = javaScriptEnabled ? "FRVORBEIJS" : "FRVORBEINOJS";
  await signIn(page);
  await page.goto("/admin/einstellungen/aktionscodes");
  if (javaScriptEnabled) await waitForHydration(page);
  const form = page.getByRole("region", { name: "Neuer Aktionscode" });
  await form.getByLabel("Code (z. B. SOMMER10)").fill(code);
  await form.getByLabel("Rabatt (Prozent oder CHF)").fill("10");
  await form.getByLabel("Einlösbar bis (leer: ohne Ende)").fill("2020-01-31");
  await form.getByRole("button", { name: "Aktionscode anlegen" }).click();
  await expect(page.getByRole("status")).toHaveText(`Aktionscode ${code} angelegt (10 %).`);

  const date = futureWeekday(4, javaScriptEnabled ? 329 : 336);
  await page.goto(`/fr/find-slot?offerId=1&date=${date}&numChildren=4&numActiveAdults=0&numAccompanyingAdults=1`);
  await page.getByRole("radio", { name: /^14:00/ }).check();
  await page.getByRole("button", { name: "Continuer vers vos coordonnées" }).click();
  await expect(page).toHaveURL(/\/fr\/enter-data$/);
  if (javaScriptEnabled) await waitForHydration(page);

  await page.getByLabel("Code du bon").fill(code.toLowerCase());
  await page.getByRole("button", { name: "Vérifier" }).click();
  await expect(page.getByText("Ce code promo était valable jusqu’au 31.01.2020.")).toBeVisible();
  expect(await germanLeaks(page)).toEqual([]);

  await page.getByLabel("Code du bon").fill("NIX-DA-1234");
  await page.getByRole("button", { name: "Vérifier" }).click();
  await expect(page.getByText("Bon introuvable.")).toBeVisible();
  expect(await germanLeaks(page)).toEqual([]);
});

test("fr: a wrong manage link is a French 404", async ({ page }) => {
  for (const path of ["/fr/buchung/kein-gueltiger-link", "/fr/zahlung/kein-gueltiger-link"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.locator("html")).toHaveAttribute("lang", "fr-CH");
    await expect(page.getByText("Cette page n'existe pas.")).toBeVisible();
    await expect(page).toHaveTitle(/^Page introuvable/);
    expect(await germanLeaks(page), path).toEqual([]);
  }
});
