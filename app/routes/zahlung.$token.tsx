import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, redirect, useActionData, useLoaderData } from "@remix-run/react";
import { ManageText, type TextPart } from "~/components/ManageText";
import { Page } from "~/components/Page";
import { useVenueLangOf } from "~/components/SiteFooter";
import { useCommonTexts, useLocalePath } from "~/components/useLanguage";
import { localPageMeta } from "~/domain/page-meta";
import { VenuePhone } from "~/components/VenueContactLinks";
import type { Lang } from "~/i18n/locales";
import { markedIn } from "~/server/booking/manage-texts.server";
import { requestLang } from "~/server/i18n/request.server";
import { localizeIn, localizeMsg, t, texts } from "~/server/i18n/texts.server";
import { payByLink, paymentLinkPage, type PaymentLinkPage, type PaymentLinkRefusal } from "~/server/payments/payment-link.server";
import { clientKey } from "~/server/platform/client.server";
import { getDb } from "~/server/platform/db.server";
import type { RouteHandle } from "~/root";

export const handle: RouteHandle = { translated: true };

/** A page reached by a secret link: never cached, never indexed (Referrer-Policy: server.ts). */
export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders }) => ({
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex",
  ...(actionHeaders.get("Retry-After") ? { "Retry-After": actionHeaders.get("Retry-After")! } : {}),
  ...(loaderHeaders.get("Retry-After") ? { "Retry-After": loaderHeaders.get("Retry-After")! } : {}),
});
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => localPageMeta(matches, data?.t.title ?? "Zahlung", [{ name: "robots", content: "noindex" }]);

/**
 * What the page renders: the booking's state (or none, when refused), a message above it, and the
 * sentence under the open booking with its deadline in bold; worded in the page's language
 * (namespace `managePay`).
 */
type PageData = { page: PaymentLinkPage | null; error: string | null; until: TextPart[] | null; heading: string | null };

/** A refusal's message (MSG's «too many», PAYMENT_LINK_MSG's «could not be opened») in the page's language. */
function refusalIn(lang: Lang, german: string): string {
  const msg = localizeMsg(lang, german);
  return msg !== german ? msg : localizeIn(lang, "managePay", german);
}

function shown(lang: Lang, page: PaymentLinkPage, error: string | null): PageData {
  if (page.status !== "open") return { page, error, until: null, heading: t(lang, "managePay", "stateTitle", { code: page.code }) };
  const until = markedIn(lang, "managePay", page.balance ? "balanceText" : "holdText", { until: page.validUntil }, { until: "strong" });
  return { page, error, until, heading: null };
}

/** A held booking can be paid (200); one that no longer can says why (410); unknown links 404. */
function answer(lang: Lang, result: { ok: true; page: PaymentLinkPage } | PaymentLinkRefusal): { body: PageData; init: ResponseInit } {
  if (!result.ok) {
    if (result.status === 404) throw new Response("Not Found", { status: 404 });
    const headers = result.retryAfterSeconds ? { "Retry-After": String(result.retryAfterSeconds) } : undefined;
    return { body: { page: null, error: refusalIn(lang, result.message), until: null, heading: null }, init: { status: result.status, headers } };
  }
  const status = result.page.status === "open" || result.page.status === "paid" ? 200 : 410;
  return { body: shown(lang, result.page, null), init: { status } };
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const lang = requestLang(params);
  const { body, init } = answer(lang, await paymentLinkPage(await getDb(), { token: params.token, clientKey: clientKey(request, context), lang }));
  return data({ ...body, t: texts(lang, "managePay") }, init);
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const lang = requestLang(params);
  const db = await getDb();
  const result = await payByLink(db, { token: params.token, clientKey: clientKey(request, context), lang });
  if (result.ok && "redirect" in result) return redirect(result.redirect, { status: 303 });
  if (!result.ok && result.status === 503) {
    // The hold stays; the page is shown again with the message above the button.
    const again = await paymentLinkPage(db, { token: params.token, clientKey: clientKey(request, context), lang });
    if (again.ok) return data<PageData>(shown(lang, again.page, refusalIn(lang, result.message)), { status: 503, headers: { "Retry-After": String(result.retryAfterSeconds ?? 60) } });
  }
  const { body, init } = answer(lang, result);
  return data<PageData>(body, init);
}

export default function PaymentLink() {
  const loaded = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  const { t } = loaded;
  const { page, error, until, heading } = acted ?? loaded;
  const common = useCommonTexts();
  const to = useLocalePath();
  const venueLang = useVenueLangOf();
  const title = !page ? t.title : page.status === "open" ? t.titleOpen : page.status === "paid" ? t.titlePaid : page.status === "expired" ? t.titleExpired : t.titleCancelled;
  return (
    <Page title={title}>
      {error ? (
        <p role="alert" className="alert alert-error">
          {error}
        </p>
      ) : null}
      {page?.status === "open" ? (
        <section className="card summary" aria-labelledby="pay-title">
          <h2 id="pay-title">{page.balance ? t.yourBooking : t.yourReservation}</h2>
          <dl>
            <dt>{t.code}</dt>
            <dd>
              <strong>{page.code}</strong>
            </dd>
            <dt>{t.date}</dt>
            <dd>{page.date}</dd>
            <dt>{t.time}</dt>
            <dd>{page.time}</dd>
            <dt>{t.package}</dt>
            <dd lang={page.game ? undefined : venueLang(page.offerName)}>{page.offerName}</dd>
            <dt>{t.participants}</dt>
            <dd>{page.party}</dd>
            <dt>{page.balance ? t.stillOpen : t.toPay}</dt>
            <dd>
              <strong>{page.amount}</strong>
            </dd>
          </dl>
          {until ? (
            <p>
              <ManageText parts={until} />
            </p>
          ) : null}
          <Form method="post" className="actions">
            <button type="submit" className="button">
              {t.payNow}
            </button>
          </Form>
          <p className="muted">{t.redirectNote}</p>
        </section>
      ) : page ? (
        <section className="card" aria-labelledby="state-title">
          <h2 id="state-title">{heading}</h2>
          <p>{page.message}</p>
          {page.phone ? (
            <p>
              {t.callUs} <VenuePhone />.
            </p>
          ) : null}
          <a className="button" href={to("/")}>
            {common.toHome}
          </a>
        </section>
      ) : null}
    </Page>
  );
}
