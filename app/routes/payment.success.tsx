import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect, useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { ConfirmedBooking, SuccessIcon } from "~/components/ConfirmedBooking";
import { DevBadge } from "~/components/DevBadge";
import { Page } from "~/components/Page";
import { VenueNotes } from "~/components/VenueNotes";
import { useCommonTexts, useLocalePath } from "~/components/useLanguage";
import { clientKey } from "~/server/platform/client.server";
import { getDb } from "~/server/platform/db.server";
import { clearDraft, getDraft } from "~/server/booking/draft.server";
import { confirmedView, confirmedViewOf, reservationView } from "~/server/booking/confirmation-view.server";
import { isDevMode } from "~/server/platform/dev-mode.server";
import { paymentPageState, type PaymentPageState } from "~/server/payments/payment-view.server";
import { localPageMeta } from "~/domain/page-meta";
import { isAbortedStatus } from "~/domain/payment-status";
import { statusRefresh } from "~/domain/status-refresh";
import { StatusCheck } from "~/components/StatusCheck";
import { localePath, type Lang } from "~/i18n/locales";
import { requestLang } from "~/server/i18n/request.server";
import { localizeMsg, t, texts } from "~/server/i18n/texts.server";
import type { RouteHandle } from "~/root";

export const handle: RouteHandle = { hydrate: true, noscriptRefresh: true, translated: true };
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => localPageMeta(matches, data?.t.title ?? "Buchungsbestätigung");

/** Spec §9: the status is polled every second until it changes (with JavaScript; without, see status-refresh). */
const POLL_MS = 1000;

/** Personal data: never kept by a browser or proxy cache (the document and its data requests). */
export const headers: HeadersFunction = ({ loaderHeaders }) => {
  const headers = new Headers(loaderHeaders);
  headers.set("Cache-Control", "no-store");
  return headers;
};

function isPending(status: string | null): boolean {
  return status === "initiated" || status === "authorized";
}

/** The status card's heading, in the page's language. */
function headline(lang: Lang, status: string | null, couponOnly: boolean, refund: boolean): string {
  const say = (key: Parameters<typeof t<"payment">>[2]) => t(lang, "payment", key);
  if (refund) return say("headSlotGone");
  if (status === "canceled" || status === "cancelled") return say("headCancelled");
  if (status === "failed") return say("headFailed");
  if (status === null) return say("headReceived");
  if (isPending(status)) return say("headProcessing");
  if (status === "settled") return say(couponOnly ? "headBooked" : "headPaid");
  return say("headUnknown");
}

/**
 * What the page shows of the state, worded in its language (the poll reloads it with the words):
 * the status and the booking code, the e-mail sentence; never more than `paymentPageState` allows.
 */
function shownState(lang: Lang, state: PaymentPageState) {
  if (state.kind === "error") {
    const german = texts("de", "payment");
    const message =
      state.message === german.noReservation ? t(lang, "payment", "noReservation") : state.message === german.detailsFailed ? t(lang, "payment", "detailsFailed") : localizeMsg(lang, state.message);
    return { kind: "error" as const, message: state.message === german.noReservation && state.local ? t(lang, "payment", "localMode", { message }) : message };
  }
  const { status, couponOnly, refund, restricted, reservation } = state;
  return {
    kind: "booking" as const,
    status,
    couponOnly,
    refund,
    restricted,
    code: reservation.code,
    headline: headline(lang, status, couponOnly, refund),
    sent: restricted ? t(lang, "payment", "sent") : t(lang, "payment", "sentTo", { email: reservation.email }),
    statusWord: status === null ? "" : t(lang, "payment", "statusWord", { status }),
    unknown: status === null ? "" : t(lang, "payment", "unknownStatus", { status: t(lang, "payment", "statusWord", { status }) }),
  };
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const lang = requestLang(params);
  const url = new URL(request.url);
  const draft = await getDraft(request);
  const db = await getDb();
  const state = await paymentPageState(
    db,
    {
      transactionId: url.searchParams.get("datatransTrxId"),
      couponOnly: url.searchParams.get("couponOnly") === "true",
      mock: url.searchParams.get("mock") === "true",
    },
    draft,
    clientKey(request, context),
    // The card is worded below in the page's language: the German summary is not built as well.
    async (_db, r) => reservationView(r),
  );
  const devMode = isDevMode(request);
  // Paid is not booked when the table went to someone else meanwhile: the money goes back (refund).
  const settled = state.kind === "booking" && !state.restricted && state.status === "settled";
  // Game bookings end at /success (spec §2): the same confirmation, read from the server there.
  // Only for the browser that made the booking: a return link never moves a booking into a draft.
  if (settled && !state.refund && state.reservation.type !== "BIRTHDAY_PARTY") {
    throw redirect(localePath(lang, "/success"), { headers: { "Set-Cookie": await clearDraft(request, { bookingCode: state.reservation.code }) } });
  }
  const headers = new Headers({ "Cache-Control": "no-store" });
  // Once confirmed (or refunded), the half-finished draft is done with; the booking code stays for this page.
  if (settled && (draft.offerId !== undefined || draft.startMin !== undefined)) {
    headers.set("Set-Cookie", await clearDraft(request, { bookingCode: state.reservation.code }));
  }
  // Whoever holds only the transaction id (a shared link, another browser) gets the status and the
  // booking code only (paymentPageState builds that view on the server).
  // Without JavaScript the page reloads itself while the payment is open, backing off, for a few minutes.
  const pending = state.kind === "booking" && isPending(state.status);
  // Cancelled, failed, unknown, or paid for a table that is gone (refund): no booking exists, so no
  // booking card, no contact card and no "arrive early" note.
  const notBooked = state.kind === "booking" && (state.refund || (state.status !== null && !pending && state.status !== "settled"));
  // The booking card in the page's language, for the browser that made the booking only.
  const stored = state.kind === "booking" && !state.restricted && !notBooked ? (state.row ?? null) : null;
  // As paymentPageState does when the details fail to load: the booking without its extras and location.
  const booking = stored
    ? await confirmedViewOf(db, stored, lang).catch(() => confirmedView(stored, { location: null, extras: [], voucher: null, policy: null }, lang))
    : null;
  const { content, check } = statusRefresh(url.pathname + url.search);
  return data(
    {
      t: texts(lang, "payment"),
      state: shownState(lang, state),
      booking,
      notBooked,
      devMode,
      refresh: pending ? content : null,
      check: pending && !content ? check : null,
    },
    { headers },
  );
}

export default function PaymentSuccess() {
  const { t, state, booking, notBooked, devMode, check } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const common = useCommonTexts();
  const to = useLocalePath();
  const pending = state.kind === "booking" && isPending(state.status);

  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => revalidator.revalidate(), POLL_MS);
    return () => clearTimeout(timer);
  }, [pending, revalidator, state]);

  return (
    <Page title={t.title}>
      <DevBadge show={devMode} />
      {state.kind === "error" ? (
        <div className="card">
          <p className="alert alert-error" role="alert">
            {state.message}
          </p>
          <a className="button" href={to("/")}>
            {common.toHome}
          </a>
        </div>
      ) : (
        <>
          <div className="card center" role="status" aria-live="polite">
            <h2>{state.headline}</h2>
            {state.refund ? (
              <p>{t.refund}</p>
            ) : state.status === null ? (
              <p>{t.received}</p>
            ) : pending ? (
              <>
                <div className="spinner" aria-hidden="true" />
                <p>{t.processing}</p>
                {check ? <StatusCheck {...check} hint={t.statusCheckHint} label={t.statusCheck} /> : null}
              </>
            ) : state.status === "settled" ? (
              <>
                <SuccessIcon />
                {state.couponOnly ? <p>{t.couponOnly}</p> : null}
                <p>{state.sent}</p>
              </>
            ) : isAbortedStatus(state.status) ? (
              <p>
                {t.status} <strong>{state.statusWord}</strong>
                <br />
                {t.notConfirmed}
              </p>
            ) : (
              <p>
                {t.status} <strong>{state.statusWord}</strong>
                <br />
                {state.unknown}
              </p>
            )}
          </div>
          {notBooked ? null : state.restricted ? (
            <section className="card">
              <p>
                {t.codeLabel} <strong className="nowrap">{state.code}</strong>
              </p>
              <p>{t.detailsInEmail}</p>
            </section>
          ) : booking ? (
            <ConfirmedBooking booking={booking} t={t} />
          ) : null}
          {notBooked ? null : <VenueNotes />}
          <div className="actions">
            {state.status === "settled" && !state.refund ? (
              <a className="button" href={to("/")}>
                {t.newBooking}
              </a>
            ) : pending || state.status === null ? (
              <a className="button" href={to("/")}>
                {common.toHome}
              </a>
            ) : (
              <>
                {/* Back to the data only while the slot may still be held; after a refund it is gone. */}
                {notBooked && !state.refund && !state.restricted ? (
                  <a className="button button-secondary" href={to("/enter-data")}>
                    {t.backToBooking}
                  </a>
                ) : null}
                <a className="button" href={to("/offers")}>
                  {t.tryAgain}
                </a>
              </>
            )}
          </div>
        </>
      )}
    </Page>
  );
}
