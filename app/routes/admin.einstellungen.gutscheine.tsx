import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, useActionData, useLoaderData } from "@remix-run/react";
import { AdminBar } from "~/components/AdminBar";
import { Page } from "~/components/Page";
import { answerFor, FormMessage, formValues, SettingsCheckbox, SettingsField, SettingsNav, SettingsSection, type SettingsActionData } from "~/components/SettingsForm";
import { formatChf } from "~/domain/money";
import { pageMeta } from "~/domain/page-meta";
import { formatDateDE } from "~/domain/time";
import { VOUCHER_SALE_BOUNDS } from "~/domain/voucher-sale";
import { getDb } from "~/server/platform/db.server";
import { requireManager, requireSameOrigin } from "~/server/staff/auth.server";
import { saveVoucherSaleSettings, voucherSaleOverview } from "~/server/staff/voucher-sale-admin.server";

export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });
export const meta: MetaFunction = () => pageMeta("Gutscheinverkauf", [{ name: "robots", content: "noindex" }]);

export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireManager(request);
  return { staff: { email: staff.email }, ...(await voucherSaleOverview(await getDb())) };
}

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireManager(request);
  requireSameOrigin(request);
  const form = await request.formData();
  const saved = await saveVoucherSaleSettings(await getDb(), staff, form);
  const errors = saved.ok ? undefined : { validityMonths: saved.errors.months, minChf: saved.errors.limits, presets: saved.errors.presets };
  return data<SettingsActionData>(
    { form: "sale", ok: saved.ok, message: saved.message, ...(errors ? { errors: Object.fromEntries(Object.entries(errors).filter(([, v]) => v)) as Record<string, string>, values: formValues(form) } : {}) },
    { status: saved.ok ? 200 : 400 },
  );
}

const ORDER_STATE: Record<string, string> = { open: "offen", paid: "bezahlt" };
const PAYMENT_STATE: Record<string, string> = {
  pending: "offen",
  settled: "bezahlt",
  cancelled: "abgebrochen",
  failed: "fehlgeschlagen",
  refund_pending: "Rückerstattung offen",
  refunded: "zurückerstattet",
};

function when(iso: string | null): string {
  return iso ? new Date(iso).toLocaleString("de-CH", { timeZone: "Europe/Zurich", dateStyle: "medium", timeStyle: "short" }) : "–";
}

/** Gift vouchers sold online (issue #31 §3): the sale's settings and the latest orders. */
export default function VoucherSaleSettingsPage() {
  const { staff, settings, orders } = useLoaderData<typeof loader>();
  const answer = answerFor(useActionData<SettingsActionData>(), "sale");
  return (
    <Page title="Gutscheinverkauf" wide>
      <AdminBar email={staff.email} manager />
      <SettingsNav current="/admin/einstellungen/gutscheine" />
      <SettingsSection title="Gutscheine online verkaufen" id="sale-title">
        <p className="muted">
          Familien kaufen Gutscheine unter <a href="/gutschein">/gutschein</a> und bezahlen online. Der Gutschein entsteht erst, wenn die Zahlung
          eingegangen ist, und geht als PDF an die Käuferin oder den Käufer. Die Gültigkeit wird beim Kauf angezeigt und auf den Gutschein gedruckt.
        </p>
        <FormMessage answer={answer} />
        <Form method="post" noValidate key={JSON.stringify(settings)}>
          <SettingsCheckbox form="sale" name="online" label="Gutscheine online verkaufen" answer={answer} checked={settings.online} />
          <div className="grid-2">
            <SettingsField
              form="sale"
              name="validityMonths"
              label="Gültigkeit in Monaten"
              hint={`${VOUCHER_SALE_BOUNDS.minMonths} bis ${VOUCHER_SALE_BOUNDS.maxMonths} Monate ab Kauf`}
              inputMode="numeric"
              answer={answer}
              value={String(settings.validityMonths)}
            />
            <SettingsField form="sale" name="presets" label="Beträge zur Auswahl (CHF, mit Kommas)" answer={answer} value={settings.presetsRappen.map((r) => r / 100).join(", ")} />
            <SettingsField form="sale" name="minChf" label="Mindestbetrag (CHF)" inputMode="numeric" answer={answer} value={String(settings.minRappen / 100)} />
            <SettingsField form="sale" name="maxChf" label="Höchstbetrag (CHF)" inputMode="numeric" answer={answer} value={String(settings.maxRappen / 100)} />
          </div>
          <button type="submit" className="button">
            Speichern
          </button>
        </Form>
      </SettingsSection>
      <SettingsSection title="Bestellungen" id="orders-title">
        {orders.length === 0 ? (
          <p className="muted">Noch keine Gutscheine online bestellt.</p>
        ) : (
          <div className="table-scroll">
            <table className="day-table">
              <caption className="visually-hidden">Die letzten Gutscheinbestellungen</caption>
              <thead>
                <tr>
                  <th scope="col">Bestellt</th>
                  <th scope="col">Betrag</th>
                  <th scope="col">Käufer/in</th>
                  <th scope="col">Für</th>
                  <th scope="col">Stand</th>
                  <th scope="col">Gutschein</th>
                </tr>
              </thead>
              <tbody>
                {orders.map((o) => (
                  <tr key={o.id}>
                    <td>{when(o.createdAt)}</td>
                    <td className="nobreak">{formatChf(o.amountRappen)}</td>
                    <td>
                      {o.buyerName}
                      <br />
                      <span className="muted">{o.buyerEmail}</span>
                    </td>
                    <td>{o.recipientName}</td>
                    <td>
                      {ORDER_STATE[o.status] ?? o.status}
                      {o.payments.length > 0 ? <span className="muted"> (Zahlungen: {o.payments.map((p) => PAYMENT_STATE[p] ?? p).join(", ")})</span> : null}
                    </td>
                    <td>
                      {o.code ? (
                        <>
                          <span className="nobreak">{o.code}</span>
                          <br />
                          <span className="muted">
                            Rest {formatChf(o.remainingRappen ?? 0)}, gültig bis {o.validUntil ? formatDateDE(o.validUntil) : "–"}
                          </span>
                        </>
                      ) : (
                        "–"
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </SettingsSection>
    </Page>
  );
}
