import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { simpleParser, type ParsedMail } from "mailparser";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Lang } from "~/i18n/locales";
import { orderPdf, orderVoucher, payOrderAgain } from "~/server/checkout/voucher-sale.server";
import { createTransport, deliverDueMail } from "~/server/mail/mail.server";
import { confirmPayment } from "~/server/payments/payments.server";
import { mailOutbox, payments, voucherOrders } from "~/server/platform/schema";
import { pdfText } from "../setup/pdf-text";
import { drivers, type TestDatabase } from "./databases";
import { useFakeDatatrans } from "./fake-datatrans-env";

/**
 * Issue #33: the gift voucher shop in French, Italian and English. An order keeps the language of
 * the page it was made on (`voucher_orders.lang`); the provider sends the buyer back to the order's
 * page in it, and the paid voucher's e-mail, its link and its PDF speak it. A German order stays
 * what it was, word for word. On both databases (PostgreSQL when reachable, see ./databases).
 */

const HMAC_KEY = "0123456789abcdef0123456789abcdef";
const PUBLIC_URL = "http://127.0.0.1:9";
const datatrans = useFakeDatatrans({ label: "voucher-languages", hmacKey: HMAC_KEY, env: { PUBLIC_URL } });

/** Words that give German away in a French, Italian or English message (as mail-languages.test.ts). */
const GERMAN_TELLTALES = ["Gutschein", "Guten Tag", "Vielen Dank", "Ihr ", "Ihre", "Sie ", "Bitte", "Wert", "Gültig", "Für", "Einlösbar", "Kasse", "herunterladen", "Telefon:", "Öffnungszeiten", "geschlossen", "Grüsse"];
/** Each language's own word for the voucher, so a message in the wrong non-German language fails too. */
const OWN_WORD: Record<Exclude<Lang, "de">, RegExp> = { fr: /bon cadeau/i, it: /buono/i, en: /voucher/i };
/** What the buyer typed and the venue's name: not the message's words. */
const TYPED = ["Fun World", "Léa Müller", "Łukasz Đorđević", "Bon anniversaire !"];

function orderForm(fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  const values = { amount: "50", freeAmount: "", recipientName: "Léa Müller", message: "Bon anniversaire !", buyerName: "Łukasz Đorđević", buyerEmail: "parrain@example.ch", terms: "on", ...fields };
  for (const [k, v] of Object.entries(values)) if (v !== "") form.set(k, v);
  return form;
}

function withoutTyped(text: string): string {
  return TYPED.reduce((rest, typed) => rest.split(typed).join(""), text);
}

describe.each(drivers)("the voucher shop in the buyer's language on $name (issue #33)", ({ open }) => {
  let database: TestDatabase;
  let client = 0;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(async () => {
    await database?.close();
  });
  beforeEach(async () => {
    client += 1;
    await database.db.delete(mailOutbox);
  });

  /** Orders on the page of `lang`, pays, and reads back the delivered e-mail (`.eml`, parsed). */
  async function orderAndPay(lang: Lang, fields: Record<string, string> = {}) {
    const answer = await orderVoucher(database.db, orderForm(fields), `voucher-lang-${client}`, lang);
    if (answer.kind !== "pay") throw new Error(`not ordered: ${JSON.stringify(answer)}`);
    const transactionId = answer.url.split("/").at(-1)!;
    const [payment] = await database.db.select().from(payments).where(eq(payments.transactionId, transactionId));
    const [order] = await database.db.select().from(voucherOrders).where(eq(voucherOrders.id, payment!.voucherOrderId!));
    const successUrl = datatrans.fake.transactions.get(transactionId)!.redirect!.successUrl!;
    const token = successUrl.split("/").at(-1)!;
    await datatrans.fake.pay(transactionId, "settled");
    await confirmPayment(database.db, transactionId);
    const dataDir = await mkdtemp(path.join(tmpdir(), `funworld-voucher-${lang}-`));
    try {
      const transport = createTransport({ DATA_DIR: dataDir });
      expect(await deliverDueMail(database.db, { transport, from: "Fun World <info@funworld.ch>" })).toEqual({ sent: 1, failed: 0 });
      const [file] = await readdir(path.join(dataDir, "outbox"));
      const mail = await simpleParser(await readFile(path.join(dataDir, "outbox", file!)));
      return { order: order!, transactionId, successUrl, token, mail };
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }

  async function attachedPdf(mail: ParsedMail): Promise<{ name: string; text: string }> {
    const pdf = mail.attachments.find((a) => a.contentType === "application/pdf")!;
    return { name: pdf.filename ?? "", text: await pdfText(pdf.content) };
  }

  it.each(["fr", "it", "en"] as const)("an order on the %s page: stored language, way back, e-mail, link and PDF in it", async (lang) => {
    const { order, transactionId, successUrl, token, mail } = await orderAndPay(lang);
    expect(order.lang).toBe(lang);
    // The provider sends the buyer back to the order's page in the language, and pays in it.
    expect(successUrl).toBe(`${PUBLIC_URL}/${lang}/gutschein/bestellung/${token}`);
    expect(datatrans.fake.transactions.get(transactionId)!.redirect).toMatchObject({ cancelUrl: `${successUrl}?r=abgebrochen`, errorUrl: `${successUrl}?r=fehler` });
    const init = datatrans.fake.requests.find((q) => q.method === "POST" && q.path === "/v1/transactions" && (q.body as { refno: string }).refno === `GS-${order.id}`);
    expect((init!.body as { language?: string }).language).toBe(lang);

    expect(mail.headers.get("content-language")).toBe(`${lang}-CH`);
    const html = typeof mail.html === "string" ? mail.html : "";
    expect(html).toContain(`<html lang="${lang}">`);
    for (const [part, text] of [
      ["subject", mail.subject ?? ""],
      ["text", mail.text ?? ""],
      ["html", html],
    ] as const) {
      const own = withoutTyped(text);
      for (const word of GERMAN_TELLTALES) expect(own, `${part} in ${lang}: «${word}»`).not.toContain(word);
      if (part !== "html") expect(text, part).toMatch(OWN_WORD[lang]);
    }
    // The e-mail's link opens the order in the buyer's language (a fresh link, not the browser's).
    expect(mail.text).toMatch(new RegExp(`${PUBLIC_URL}/${lang}/gutschein/bestellung/[A-Za-z0-9_-]{43}\\n`));

    const pdf = await attachedPdf(mail);
    expect(pdf.name).toMatch(/^(bon-cadeau|buono-regalo|gift-voucher)-[A-Z0-9-]+\.pdf$/);
    for (const word of ["Gutschein", "Gültig", "Von:", "Barauszahlung", "Telefon "]) expect(pdf.text, `PDF in ${lang}: «${word}»`).not.toContain(word);
    expect(pdf.text).toMatch(OWN_WORD[lang]);
    // The order's link downloads the same file, in the order's language.
    const download = await orderPdf(database.db, token);
    expect(download).toMatchObject({ kind: "file", fileName: pdf.name });
  });

  it("a French order: the French words, amount and date", async () => {
    const { mail } = await orderAndPay("fr", { amount: "frei", freeAmount: "75" });
    expect(mail.subject).toBe("Votre bon cadeau de Fun World");
    expect(mail.text).toContain("Bonjour Łukasz Đorđević\n\nMerci beaucoup pour votre achat.");
    expect(mail.text).toMatch(/Valeur:\s+75\.00\sCHF/);
    expect(mail.text).toMatch(/Valable jusqu’au:\s+\d{2}\.\d{2}\.\d{4}/);
    const pdf = await attachedPdf(mail);
    for (const part of ["Bon cadeau", "Léa Müller", "75.00 CHF", "Valable jusqu’au", "De la part de", "Łukasz Đorđević", "Non remboursable en espèces."]) expect(pdf.text).toContain(part);
  });

  it("refuses a French form in French, and a payment paid again from the Italian page comes back to it", async () => {
    const refused = await orderVoucher(database.db, orderForm({ recipientName: "", buyerEmail: "x@", terms: "", amount: "frei", freeAmount: "5" }), `voucher-lang-${client}`, "fr");
    expect(refused).toMatchObject({
      kind: "invalid",
      errors: {
        amount: "Veuillez choisir un montant entre 10.00\u00a0CHF et 500.00\u00a0CHF (francs entiers).",
        recipientName: "Veuillez indiquer à qui est destiné le bon cadeau.",
        buyerEmail: "Veuillez indiquer une adresse e-mail valable.",
        terms: "Veuillez accepter les CG.",
      },
    });
    const answer = await orderVoucher(database.db, orderForm(), `voucher-lang-${client}`, "fr");
    const first = datatrans.fake.transactions.get((answer as { url: string }).url.split("/").at(-1)!)!;
    const token = first.redirect!.successUrl!.split("/").at(-1)!;
    const again = await payOrderAgain(database.db, token, `voucher-lang-${client}`, "it");
    const second = datatrans.fake.transactions.get((again as { url: string }).url.split("/").at(-1)!)!;
    expect(second.redirect!.successUrl).toBe(`${PUBLIC_URL}/it/gutschein/bestellung/${token}`);
    // The order keeps the language it was made in: its e-mail and PDF.
    const [order] = await database.db.select().from(voucherOrders).where(eq(voucherOrders.id, Number(first.refno.slice(3))));
    expect(order!.lang).toBe("fr");
  });

  it("a German order stays German, word for word", async () => {
    const { order, successUrl, token, mail } = await orderAndPay("de", { message: "" });
    expect(order.lang).toBe("de");
    expect(successUrl).toBe(`${PUBLIC_URL}/gutschein/bestellung/${token}`);
    expect(mail.headers.get("content-language")).toBe("de-CH");
    expect(mail.subject).toBe("Ihr Gutschein von Fun World");
    expect(mail.text).toMatch(
      new RegExp(
        "^Guten Tag Łukasz Đorđević\\n\\nVielen Dank für Ihren Einkauf\\. Im Anhang finden Sie Ihren Gutschein zum Ausdrucken\\.\\n\\n" +
          "Gutscheincode: [A-Z0-9-]+\\nWert: {10}CHF 50\\.00\\nGültig bis: {4}\\d{2}\\.\\d{2}\\.\\d{4}\\nFür: {11}Léa Müller\\n\\n" +
          "Einlösbar online bei der Buchung \\(Feld «Gutschein»\\) oder an der Kasse\\. Restbeträge bleiben auf dem Gutschein\\.\\n\\n" +
          `Sie können ihn auch jederzeit hier herunterladen:\\n${PUBLIC_URL}/gutschein/bestellung/[A-Za-z0-9_-]{43}\\n\\n-- \\n`,
      ),
    );
    const html = typeof mail.html === "string" ? mail.html : "";
    expect(html).toContain('<html lang="de">');
    const pdf = await attachedPdf(mail);
    expect(pdf.name).toMatch(/^gutschein-[A-Z0-9-]+\.pdf$/);
    for (const part of ["Gutschein", "Für:", "CHF 50.00", "Gültig bis", "Von: Łukasz Đorđević", "Keine Barauszahlung."]) expect(pdf.text).toContain(part);
  });
});
