import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, redirect, useActionData, useLoaderData } from "@remix-run/react";
import { Page } from "~/components/Page";
import { ProblemAlert } from "~/components/ProblemAlert";
import { formatChf } from "~/domain/money";
import { localPageMeta } from "~/domain/page-meta";
import { VOUCHER_SALE_MAX, type VoucherOrderErrors, type VoucherOrderValues } from "~/domain/voucher-sale";
import { localePath } from "~/i18n/locales";
import type { RouteHandle } from "~/root";
import { orderVoucher, voucherSaleForm } from "~/server/checkout/voucher-sale.server";
import { requestLang } from "~/server/i18n/request.server";
import { t, texts } from "~/server/i18n/texts.server";
import { clientKey } from "~/server/platform/client.server";
import { getDb } from "~/server/platform/db.server";

export const handle: RouteHandle = { translated: true };
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => localPageMeta(matches, data?.t.title ?? "Gutschein verschenken");

/** The form in the page's language (issue #33): its words, the amounts as the language writes them. */
export async function loader({ params }: LoaderFunctionArgs) {
  const lang = requestLang(params);
  const { settings, agbUrl } = await voucherSaleForm(await getDb());
  // A non-breaking space keeps «CHF 10.00» (`10.00 CHF`) on one line in the short label.
  const short = (rappen: number) => formatChf(rappen, lang).replace(" ", "\u00a0");
  return {
    t: texts(lang, "voucherShop"),
    requiredFields: t(lang, "msg", "requiredFields"),
    settings,
    presets: settings.presetsRappen.map((rappen) => ({ value: String(rappen / 100), label: formatChf(rappen, lang) })),
    freeAmountLabel: t(lang, "voucherShop", "freeAmountLabel", { min: short(settings.minRappen), max: short(settings.maxRappen) }),
    validity: t(lang, "voucherShop", "validity", { months: settings.validityMonths }),
    agbUrl: localePath(lang, agbUrl),
  };
}

type ActionData = { errors?: VoucherOrderErrors; values?: VoucherOrderValues; message?: string };

/**
 * Checked on the server (the page ships no script); a valid order goes straight to the payment page.
 * The order keeps the page's language: the e-mail, the PDF and the way back from the provider speak it.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const lang = requestLang(params);
  const answer = await orderVoucher(await getDb(), await request.formData(), clientKey(request, context), lang);
  if (answer.kind === "pay") return redirect(answer.url, 303);
  if (answer.kind === "closed") return data<ActionData>({ message: t(lang, "voucherShop", "closed") }, { status: 409 });
  if (answer.kind === "limited") return data<ActionData>({ message: t(lang, "msg", "tooManyRequests") }, { status: 429, headers: { "Retry-After": String(answer.retryAfterSeconds) } });
  return data<ActionData>({ errors: answer.errors, values: answer.values }, { status: 400 });
}

const FIELD_ORDER = ["amount", "recipientName", "message", "buyerName", "buyerEmail", "terms"] as const;
/** Where each problem's link jumps to. */
const FIELD_TARGET: Record<(typeof FIELD_ORDER)[number], string> = {
  amount: "freeAmount",
  recipientName: "recipientName",
  message: "message",
  buyerName: "buyerName",
  buyerEmail: "buyerEmail",
  terms: "terms",
};

export default function VoucherShop() {
  const { t: T, requiredFields, settings, presets, freeAmountLabel, validity, agbUrl } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const errors = result?.errors ?? {};
  const values = result?.values;
  const problems = FIELD_ORDER.filter((f) => errors[f]).map((f) => ({ field: FIELD_TARGET[f], message: errors[f]! }));
  const chosen = values?.amount ?? String((settings.presetsRappen[1] ?? settings.presetsRappen[0] ?? settings.minRappen) / 100);
  const invalid = (field: keyof VoucherOrderErrors) => (errors[field] ? { "aria-invalid": true as const, "aria-describedby": `${field}-error` } : {});
  const fieldError = (field: keyof VoucherOrderErrors) =>
    errors[field] ? (
      <p id={`${field}-error`} className="field-error">
        {errors[field]}
      </p>
    ) : null;
  return (
    <Page title={T.title}>
      <section className="card">
        <p>{T.intro}</p>
        <p className="muted">{validity}</p>
        {result?.message ? (
          <p role="alert" className="alert alert-error">
            {result.message}
          </p>
        ) : null}
        {problems.length > 0 ? <ProblemAlert message={requiredFields} problems={problems} /> : null}
        {!settings.online ? (
          <p className="alert alert-info">{T.closed}</p>
        ) : (
          <Form method="post" noValidate>
            <fieldset>
              <legend>{T.amountLegend}</legend>
              <div className="voucher-amounts">
                {presets.map((preset) => (
                  <label key={preset.value} className="check-row voucher-amount">
                    <input type="radio" name="amount" value={preset.value} defaultChecked={chosen === preset.value} />
                    {preset.label}
                  </label>
                ))}
                <label className="check-row voucher-amount">
                  <input type="radio" name="amount" value="frei" defaultChecked={chosen === "frei" || (settings.presetsRappen.length === 0 && chosen !== "")} />
                  {T.freeAmount}
                </label>
              </div>
              <div className="field">
                <label htmlFor="freeAmount">{freeAmountLabel}</label>
                <input id="freeAmount" name="freeAmount" type="text" inputMode="numeric" autoComplete="off" maxLength={12} defaultValue={values?.freeAmount ?? ""} {...invalid("amount")} />
                {fieldError("amount")}
              </div>
            </fieldset>
            <div className="field">
              <label htmlFor="recipientName">{T.recipientName}</label>
              <input id="recipientName" name="recipientName" type="text" required maxLength={VOUCHER_SALE_MAX.recipientName} defaultValue={values?.recipientName ?? ""} {...invalid("recipientName")} />
              {fieldError("recipientName")}
            </div>
            <div className="field">
              <label htmlFor="message">{T.message}</label>
              <textarea id="message" name="message" rows={3} maxLength={VOUCHER_SALE_MAX.message} defaultValue={values?.message ?? ""} {...invalid("message")} />
              {fieldError("message")}
            </div>
            <div className="grid-2">
              <div className="field">
                <label htmlFor="buyerName">{T.buyerName}</label>
                <input id="buyerName" name="buyerName" type="text" required autoComplete="name" maxLength={VOUCHER_SALE_MAX.buyerName} defaultValue={values?.buyerName ?? ""} {...invalid("buyerName")} />
                {fieldError("buyerName")}
              </div>
              <div className="field">
                <label htmlFor="buyerEmail">{T.buyerEmail}</label>
                <input
                  id="buyerEmail"
                  name="buyerEmail"
                  type="email"
                  required
                  autoComplete="email"
                  maxLength={VOUCHER_SALE_MAX.buyerEmail}
                  defaultValue={values?.buyerEmail ?? ""}
                  aria-invalid={errors.buyerEmail ? true : undefined}
                  aria-describedby={errors.buyerEmail ? "buyerEmail-hint buyerEmail-error" : "buyerEmail-hint"}
                />
                <p id="buyerEmail-hint" className="muted">
                  {T.buyerEmailHint}
                </p>
                {fieldError("buyerEmail")}
              </div>
            </div>
            <div className="field">
              <label className="check-row">
                <input id="terms" name="terms" type="checkbox" defaultChecked={values?.terms ?? false} {...invalid("terms")} />
                <span>
                  {T.acceptTerms} <a href={agbUrl}>{T.terms}</a>
                </span>
              </label>
              {fieldError("terms")}
            </div>
            <button type="submit" className="button">
              {T.submit}
            </button>
          </Form>
        )}
      </section>
    </Page>
  );
}
