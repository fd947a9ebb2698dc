/**
 * HTTP walks through the booking flow, as a browser without JavaScript would do them (form posts,
 * redirects followed by hand, the draft cookie kept), and the JSON API booking used under contention.
 */
import type { ServerHandle } from "./server";

/** `YYYY-MM-DD` of the next given weekday (0 = Sunday) at least `minDays` ahead, Zurich time. */
export function futureWeekday(weekday: number, minDays: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Zurich" }).format(new Date());
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + minDays);
  while (d.getUTCDay() !== weekday) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

export function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export const CONTACT = {
  firstName: "Bench",
  lastName: "Mark",
  street: "Messweg 1",
  zip: "8000",
  city: "Zürich",
  phone: "079 000 00 00",
  email: "bench@example.ch",
};

export type Counts = { numChildren: number; numActiveAdults: number; numAccompanyingAdults: number };

/** A party of `size` persons (1–30) split over the three counters (each 0–10). */
export function countsFor(size: number): Counts {
  const numChildren = Math.min(10, Math.max(1, size - 2));
  const numActiveAdults = Math.min(10, size - numChildren);
  return { numChildren, numActiveAdults, numAccompanyingAdults: Math.max(0, size - numChildren - numActiveAdults) };
}

/** A browser-like client: keeps cookies, follows nothing by itself, sends the server's own Origin on posts. */
export class Browser {
  private readonly cookies = new Map<string, string>();

  /** `headers`: sent with every request, e.g. `X-Forwarded-For` to act as one of many clients behind a proxy. */
  constructor(
    readonly base: string,
    private readonly headers: Record<string, string> = {},
  ) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  async request(pathOrUrl: string, init: { method?: string; form?: Record<string, string> } = {}): Promise<Response> {
    const url = new URL(pathOrUrl, this.base);
    const headers: Record<string, string> = { ...this.headers };
    const cookie = this.cookieHeader();
    if (cookie) headers.Cookie = cookie;
    let body: string | undefined;
    if (init.form) {
      headers["Content-Type"] = "application/x-www-form-urlencoded";
      headers.Origin = new URL(this.base).origin;
      body = new URLSearchParams(init.form).toString();
    }
    const response = await fetch(url, { method: init.method ?? (init.form ? "POST" : "GET"), headers, body, redirect: "manual" });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /** A form post that must answer with a redirect; returns the Location. */
  async postExpectRedirect(path: string, form: Record<string, string>, expected?: RegExp): Promise<string> {
    const response = await this.request(path, { form });
    const location = response.headers.get("location");
    await response.arrayBuffer();
    if (response.status < 300 || response.status >= 400 || !location) {
      throw new Error(`POST ${path} answered ${response.status} instead of a redirect`);
    }
    if (expected && !expected.test(location)) throw new Error(`POST ${path} redirected to ${location}, expected ${expected}`);
    return location;
  }

  async getText(path: string): Promise<{ status: number; text: string }> {
    const response = await this.request(path);
    return { status: response.status, text: await response.text() };
  }
}

/** /offers → /find-slot → /enter-data with a birthday draft: the cookie the later steps need. */
export async function walkToEnterData(browser: Browser, options: { date: string; counts: Counts; slot: string; offerId?: number }) {
  await browser.postExpectRedirect("/offers", { offerId: String(options.offerId ?? 1) }, /\/find-slot$/);
  await browser.postExpectRedirect(
    "/find-slot",
    {
      date: options.date,
      numChildren: String(options.counts.numChildren),
      numActiveAdults: String(options.counts.numActiveAdults),
      numAccompanyingAdults: String(options.counts.numAccompanyingAdults),
      slot: options.slot,
    },
    /\/enter-data$/,
  );
}

/** From /enter-data: book with the form, pay on the simulated provider's page; returns the /payment/success URL. */
export async function bookAndPayWithForms(browser: Browser): Promise<string> {
  await browser.postExpectRedirect(
    "/enter-data",
    { intent: "book", ...CONTACT, emailRepeat: CONTACT.email, message: "", couponCode: "", paymentMethod: "online", terms: "on" },
    /\/payment$/,
  );
  const page = await browser.getText("/payment");
  const paymentUrl = /href="([^"]*\/simulated-pay\/[^"]+)"/.exec(page.text)?.[1];
  if (!paymentUrl) throw new Error(`/payment (${page.status}) shows no simulated payment link`);
  const success = await browser.postExpectRedirect(new URL(paymentUrl).pathname, { outcome: "pay" }, /\/payment\/success\?datatransTrxId=/);
  const confirmation = await browser.getText(success);
  if (!confirmation.text.includes("Zahlung erfolgreich")) throw new Error(`${success} does not show a confirmed booking`);
  const url = new URL(success, browser.base);
  return `${url.pathname}${url.search}`;
}

export type Slot = { startTime: string; endTime: string; available: boolean };

export async function availableSlots(base: string, date: string, persons: number, offerId: number): Promise<Slot[]> {
  const response = await fetch(`${base}/api/tables/available?date=${date}&count=${persons}&offerId=${offerId}`);
  if (!response.ok) throw new HttpError("availability", response.status, await response.text());
  return (await response.json()) as Slot[];
}

/**
 * The "pay" button of the provider's page: the simulated provider's (served by the app, local runs)
 * or the Datatrans API fake's (tests/fakes/datatrans.ts, its own server, as Datatrans in production).
 */
export function payForm(paymentUrl: string): string {
  return paymentUrl.includes("/simulated-pay/") ? "outcome=pay" : "outcome=settled";
}

export type BookingStep = "reserve" | "initiate" | "pay" | "success";

export class HttpError extends Error {
  constructor(
    readonly step: string,
    readonly status: number,
    body: string,
  ) {
    super(`${step} answered ${status}: ${body.slice(0, 200)}`);
  }
}

/**
 * One paid birthday booking through the JSON API, as a headless client does it: reserve (held),
 * initiate the payment, press "pay" on the provider's page (the simulated provider's Remix action,
 * or the Datatrans fake's page, which sends its webhook before it redirects), then open the success URL, which confirms through the server's exactly-once confirm.
 * Throws HttpError (step + status) for anything but success.
 */
export async function apiBooking(
  base: string,
  request: { date: string; slot: Slot; counts: Counts; offerId: number; email?: string },
): Promise<{ bookingCode: string; transactionId: string; stepsMs: Record<BookingStep, number> }> {
  const stepsMs = { reserve: 0, initiate: 0, pay: 0, success: 0 };
  let t = performance.now();
  const lap = (step: BookingStep) => {
    const now = performance.now();
    stepsMs[step] = now - t;
    t = now;
  };
  const reserve = await fetch(`${base}/api/birthday/reserve`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      reservationDate: request.date,
      selectedSlots: [{ startTime: request.slot.startTime, endTime: request.slot.endTime }],
      ...request.counts,
      selectedOffer: { offerId: request.offerId },
      ...CONTACT,
      email: request.email ?? CONTACT.email,
    }),
  });
  if (reserve.status !== 200) throw new HttpError("reserve", reserve.status, await reserve.text());
  const { bookingCode, requiresPayment, reservationToken } = (await reserve.json()) as {
    bookingCode: string;
    requiresPayment: boolean;
    reservationToken: string;
  };
  lap("reserve");
  if (!requiresPayment) throw new HttpError("reserve", 200, "booking unexpectedly needs no payment");

  const initiate = await fetch(`${base}/api/payments/initiate`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ systemId: "kidsindoor", currency: "CHF", refno: bookingCode, reservationToken }),
  });
  if (initiate.status !== 200) throw new HttpError("initiate", initiate.status, await initiate.text());
  const { paymentUrl } = (await initiate.json()) as { paymentUrl: string };
  lap("initiate");

  const pay = await fetch(paymentUrl, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: payForm(paymentUrl),
    redirect: "manual",
  });
  const location = pay.headers.get("location");
  await pay.arrayBuffer();
  if (pay.status < 300 || pay.status >= 400 || !location) throw new HttpError("pay", pay.status, "no redirect");
  const transactionId = new URL(location, base).searchParams.get("datatransTrxId") ?? "";
  lap("pay");

  const success = await fetch(new URL(location, base));
  const html = await success.text();
  if (success.status !== 200) throw new HttpError("success-page", success.status, html);
  if (!html.includes("Zahlung erfolgreich")) throw new HttpError("success-page", success.status, "page does not show a settled payment");
  lap("success");
  return { bookingCode, transactionId, stepsMs };
}

/** Fills part of a day with paid bookings, so availability and the slot page have real occupations to work through. */
export async function seedDay(server: ServerHandle, date: string, bookings = 8): Promise<number> {
  let made = 0;
  const sizes = [4, 6, 8, 10, 12, 14, 20, 26];
  for (let i = 0; i < bookings; i++) {
    const size = sizes[i % sizes.length]!;
    const slots = (await availableSlots(server.url, date, size, 1)).filter((s) => s.available);
    const slot = slots[(i * 3) % Math.max(1, slots.length)];
    if (!slot) continue;
    await apiBooking(server.url, { date, slot, counts: countsFor(size), offerId: 1, email: `seed${i}@example.ch` });
    made++;
  }
  return made;
}

/**
 * Cookies for the pages that need a draft, made by walking the flow like a family without
 * JavaScript: an offer chosen (/find-slot), the 20:00 slot chosen (/enter-data), and that slot
 * booked and paid in another browser (its /payment/success path comes along).
 */
export async function draftCookies(base: string, options: { date: string; counts: Counts }) {
  const findSlot = new Browser(base);
  await findSlot.postExpectRedirect("/offers", { offerId: "1" }, /\/find-slot$/);
  const enterData = new Browser(base);
  await walkToEnterData(enterData, { date: options.date, counts: options.counts, slot: "20:00" });
  const paid = new Browser(base);
  await walkToEnterData(paid, { date: options.date, counts: options.counts, slot: "20:00" });
  const successPath = await bookAndPayWithForms(paid);
  return { findSlot: findSlot.cookieHeader(), enterData: enterData.cookieHeader(), paid: paid.cookieHeader(), successPath };
}
