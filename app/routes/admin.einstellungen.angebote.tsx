import type { DepositKind } from "~/domain/deposit";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, useActionData, useLoaderData } from "@remix-run/react";
import { AdminBar } from "~/components/AdminBar";
import { Page } from "~/components/Page";
import { answerFor, FormMessage, formValues, SettingsCheckbox, SettingsField, SettingsNav, SettingsSection, type SettingsActionData } from "~/components/SettingsForm";
import { pageMeta } from "~/domain/page-meta";
import { DEFAULT_PARTY_RULES, type PartyRules } from "~/domain/party-rules";
import { DEFAULT_OFFER_LEAD_HOURS, OFFER_ITEMS_MAX_LENGTH, depositField, parseOffer, rappenField } from "~/domain/venue-settings";
import { getDb } from "~/server/platform/db.server";
import { requireManager, requireSameOrigin } from "~/server/staff/auth.server";
import { saveOffer, settingsOverview } from "~/server/staff/venue-admin.server";

export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });
/** Forms submit without a page reload with JavaScript (and work without it). */
export const handle = { hydrate: true };
export const meta: MetaFunction = () => pageMeta("Angebote", [{ name: "robots", content: "noindex" }]);

export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireManager(request);
  const { offers } = await settingsOverview(await getDb());
  return { staff: { email: staff.email }, offers };
}

const idOf = (v: FormDataEntryValue | null) => (typeof v === "string" && /^\d{1,6}$/.test(v) ? Number(v) : null);

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireManager(request);
  requireSameOrigin(request);
  const form = await request.formData();
  const id = idOf(form.get("id"));
  const name = id === null ? "offer-new" : `offer-${id}`;
  const parsed = parseOffer(form);
  if (!parsed.ok) {
    return data<SettingsActionData>({ form: name, ok: false, message: "Bitte prüfen Sie die markierten Felder.", errors: parsed.errors, values: formValues(form) }, { status: 400 });
  }
  const result = await saveOffer(await getDb(), staff, id, parsed.value);
  return data<SettingsActionData>({ form: name, ok: result.ok, message: result.message }, { status: result.ok ? 200 : 409 });
}

type Row = { id: number | null; name: string; basePriceRappen: number; slotMinutes: number; items: { desc: string }[]; position: number; active: number; leadHours: number; bufferMin: number; depositKind: DepositKind; depositValue: number } & PartyRules;

function OfferForm({ row, answer }: { row: Row; answer?: SettingsActionData }) {
  const form = row.id === null ? "offer-new" : `offer-${row.id}`;
  const itemsError = answer?.errors?.items;
  const items = answer && !answer.ok && answer.values ? (answer.values.items ?? "") : row.items.map((i) => i.desc).join("\n");
  return (
    <Form method="post" noValidate key={JSON.stringify(row)}>
      <fieldset>
        <legend>{row.id === null ? "Neues Angebot" : `${row.name}${row.active ? "" : " (nicht angeboten)"}`}</legend>
        {row.id === null ? null : <input type="hidden" name="id" value={row.id} />}
        <SettingsField form={form} name="name" label="Name" answer={answer} value={row.name} maxLength={80} />
        <div className="grid-2">
          <SettingsField form={form} name="price" label="Preis pro Kind (CHF)" inputMode="decimal" answer={answer} value={row.id === null ? "" : rappenField(row.basePriceRappen)} />
          <SettingsField form={form} name="slotMinutes" label="Dauer (Minuten, 30–240)" inputMode="numeric" answer={answer} value={String(row.slotMinutes)} />
          <SettingsField form={form} name="position" label="Reihenfolge (0–999)" inputMode="numeric" answer={answer} value={String(row.position)} />
          <SettingsField
            form={form}
            name="leadHours"
            label="Vorlaufzeit online (Stunden, 0–720)"
            hint="So viele Stunden vor Beginn ist der Termin online spätestens buchbar; telefonisch geht es auch kurzfristiger."
            inputMode="numeric"
            answer={answer}
            value={String(row.leadHours)}
          />
          <SettingsField form={form} name="minChildren" label="Kinder mindestens" inputMode="numeric" answer={answer} value={String(row.minChildren)} />
          <SettingsField
            form={form}
            name="maxChildren"
            label="Kinder höchstens"
            hint="Bis zu den Plätzen des grössten Tischs."
            inputMode="numeric"
            answer={answer}
            value={String(row.maxChildren)}
          />
          <SettingsField form={form} name="maxAdults" label="Erwachsene höchstens (je mitspielend und nur Begleitung)" inputMode="numeric" answer={answer} value={String(row.maxAdults)} />
          <SettingsField
            form={form}
            name="minChargedChildren"
            label="Kinder mindestens verrechnet"
            hint="Kommen weniger Kinder, wird trotzdem diese Zahl verrechnet (0: so viele, wie kommen). Bestehende Buchungen behalten ihren Preis."
            inputMode="numeric"
            answer={answer}
            value={String(row.minChargedChildren ?? 0)}
          />
          <SettingsField
            form={form}
            name="bufferMin"
            label="Reinigungszeit nach der Feier (Minuten, 0–120)"
            hint="So lange bleibt der Tisch nach dem Ende gesperrt, bevor die nächste Feier beginnen kann. Bestehende Buchungen behalten ihre Zeit."
            inputMode="numeric"
            answer={answer}
            value={String(row.bufferMin)}
          />
          <SettingsField
            form={form}
            name="deposit"
            label="Anzahlung bei der Buchung"
            hint="Leer: voller Preis bei der Buchung. «30 %» oder ein Betrag wie «100.00»: nur so viel online bei der Buchung, der Rest bis zum Termin für den Restbetrag (Allgemein). Bestehende Buchungen bleiben, wie sie sind."
            answer={answer}
            value={depositField(row)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${form}-items`}>Leistungen (eine pro Zeile)</label>
          <textarea
            id={`${form}-items`}
            name="items"
            rows={Math.max(3, row.items.length + 1)}
            maxLength={OFFER_ITEMS_MAX_LENGTH}
            defaultValue={items}
            aria-invalid={itemsError ? true : undefined}
            aria-describedby={itemsError ? `${form}-items-error` : undefined}
          />
          {itemsError ? (
            <p id={`${form}-items-error`} className="field-error">
              {itemsError}
            </p>
          ) : null}
        </div>
        <SettingsCheckbox form={form} name="active" label="Angeboten (auf der Angebotsseite sichtbar)" answer={answer} checked={row.active === 1} />
        <FormMessage answer={answer} />
        <button type="submit" className="button button-small">
          {row.id === null ? "Angebot anlegen" : "Speichern"}
        </button>
      </fieldset>
    </Form>
  );
}

/** Offers: name, price per child, items, duration, active, order. A new price applies to new bookings only. */
export default function OffersSettingsPage() {
  const { staff, offers } = useLoaderData<typeof loader>();
  const actionData = useActionData<SettingsActionData>();
  return (
    <Page title="Angebote" wide>
      <AdminBar email={staff.email} manager />
      <SettingsNav current="/admin/einstellungen/angebote" />
      <SettingsSection title="Geburtstagsangebote" id="offers-title">
        <p className="muted">Preisänderungen gelten für neue Buchungen; bestehende Buchungen behalten ihren gespeicherten Preis.</p>
        {offers.map((o) => (
          <OfferForm key={o.id} row={o} answer={answerFor(actionData, `offer-${o.id}`)} />
        ))}
      </SettingsSection>
      <SettingsSection title="Angebot hinzufügen" id="new-offer-title">
        <OfferForm key={`new-${offers.length}`} row={{ id: null, name: "", basePriceRappen: 0, slotMinutes: 120, items: [], position: offers.length + 1, active: 1, leadHours: DEFAULT_OFFER_LEAD_HOURS, bufferMin: 0, depositKind: "none", depositValue: 0, ...DEFAULT_PARTY_RULES }} answer={answerFor(actionData, "offer-new")} />
      </SettingsSection>
    </Page>
  );
}
