import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, redirect, useActionData, useLoaderData } from "@remix-run/react";
import { ManageText } from "~/components/ManageText";
import { Page } from "~/components/Page";
import { formatChf } from "~/domain/money";
import { localPageMeta } from "~/domain/page-meta";
import { canSelfChange } from "~/domain/self-service";
import { localePath } from "~/i18n/locales";
import { MANAGE_HEADERS, manageView, requireManagedBooking, selfServiceClosedMessage, selfServicePolicy } from "~/server/booking/manage.server";
import { dateIn, markedIn, timeRangeIn } from "~/server/booking/manage-texts.server";
import { requestLang } from "~/server/i18n/request.server";
import { t, texts } from "~/server/i18n/texts.server";
import { cancelByFamily } from "~/server/payments/cancellation.server";
import { getDb } from "~/server/platform/db.server";
import type { RouteHandle } from "~/root";

export const handle: RouteHandle = { translated: true };
export const headers: HeadersFunction = () => MANAGE_HEADERS;
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => localPageMeta(matches, data?.t.cancelTitle ?? "Buchung stornieren", [{ name: "robots", content: "noindex" }]);

export async function loader({ params }: LoaderFunctionArgs) {
  const lang = requestLang(params);
  const db = await getDb();
  const r = await requireManagedBooking(db, params.token);
  const view = manageView(r, await selfServicePolicy(db), new Date(), null, null, [], lang);
  const back = localePath(lang, `/buchung/${params.token!}`);
  if (!view.canChange) throw redirect(back);
  const b = view.booking;
  return {
    t: texts(lang, "manageChange"),
    back,
    // «Buchung FW-…, Kindergeburtstag, am 09.12.2026, 14:00 - 16:00 Uhr.»: the code in bold, the offer as the venue named it.
    what: markedIn(
      lang,
      "manageChange",
      "cancelWhat",
      { code: b.code, offer: b.offerName, date: dateIn(lang, b.date), time: timeRangeIn(lang, b.startMin, b.endMin) },
      b.players === null ? { code: "strong", offer: "venue" } : { code: "strong" },
    ),
    refund: view.paidOnline ? t(lang, "manageChange", "cancelRefund", { amount: view.paidOnline }) : null,
    voucher: b.couponCode && b.discountRappen > 0 ? t(lang, "manageChange", "cancelVoucher", { amount: formatChf(b.discountRappen, lang), code: b.couponCode }) : null,
  };
}

export async function action({ params }: ActionFunctionArgs) {
  const lang = requestLang(params);
  const db = await getDb();
  const r = await requireManagedBooking(db, params.token);
  const now = new Date();
  const { hours } = await selfServicePolicy(db);
  const closedMessage = await selfServiceClosedMessage(db, lang);
  const outcome = await cancelByFamily(db, { reservationId: r.id, allowed: (locked) => canSelfChange(locked, now, hours), closedMessage }, now);
  const base = localePath(lang, `/buchung/${params.token!}`);
  if (outcome.kind === "cancelled") {
    const ok = outcome.refund === "manual" ? "manuell" : outcome.refund === "refunded" ? "erstattet" : outcome.refund === "pending" ? "erstattung-laeuft" : "storniert";
    return redirect(`${base}?ok=${ok}`, { status: 303 });
  }
  // Already cancelled (a double submit, or staff were quicker): the booking page shows that state.
  if (outcome.kind === "already") return redirect(base, { status: 303 });
  // Refused: the self-service window closed meanwhile (its message is worded in the page's language).
  const message = outcome.kind === "refused" ? outcome.message : t(lang, "manageChange", "cancelRefused");
  return data({ error: message }, { status: 409 });
}

export default function CancelBooking() {
  const { t, back, what, refund, voucher } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <Page title={t.cancelTitle}>
      {result?.error ? (
        <p role="alert" className="alert alert-error">
          {result.error}
        </p>
      ) : null}
      <section className="card" aria-labelledby="confirm-title">
        <h2 id="confirm-title">{t.cancelQuestion}</h2>
        <p>
          <ManageText parts={what} />
        </p>
        <ul>
          {refund ? <li>{refund}</li> : null}
          {voucher ? <li>{voucher}</li> : null}
          <li>{t.cancelFinal}</li>
        </ul>
        <Form method="post" className="actions">
          <button type="submit" className="button">
            {t.cancelYes}
          </button>{" "}
          <a className="button button-secondary" href={back}>
            {t.cancelNo}
          </a>
        </Form>
      </section>
    </Page>
  );
}
