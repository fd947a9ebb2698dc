import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, useActionData, useLoaderData } from "@remix-run/react";
import { AdminBar } from "~/components/AdminBar";
import { Page } from "~/components/Page";
import { FormMessage, SettingsNav } from "~/components/SettingsForm";
import { pageMeta } from "~/domain/page-meta";
import { formatDateDE, venueNow } from "~/domain/time";
import { TRANSLATION_MAX, type TranslationLang } from "~/domain/venue-translations";
import { LOCALE } from "~/i18n/locales";
import { getDb } from "~/server/platform/db.server";
import { requireManager, requireSameOrigin } from "~/server/staff/auth.server";
import { saveTranslations, translationsOverview } from "~/server/staff/venue-translations-admin.server";

export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });
export const meta: MetaFunction = () => pageMeta("Übersetzungen", [{ name: "robots", content: "noindex" }]);

const LANGUAGES: { lang: TranslationLang; name: string }[] = [
  { lang: "fr", name: "Französisch" },
  { lang: "it", name: "Italienisch" },
  { lang: "en", name: "Englisch" },
];

/** `?sprache=it`; French without one (German is what the venue types on the other settings pages). */
function translationLang(value: unknown): TranslationLang {
  return value === "it" || value === "en" ? value : "fr";
}

/** Fields per text: the German it translates (hidden, so a text changed meanwhile is recognised) and the translation. */
const MAX_FIELDS = 500;

type Answer = { ok: boolean; message: string; errors?: Record<number, string>; values?: Record<number, string> };

export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireManager(request);
  const lang = translationLang(new URL(request.url).searchParams.get("sprache"));
  const rows = await translationsOverview(await getDb(), lang);
  return { staff: { email: staff.email }, lang, rows };
}

/** Manager only: saves every translation of the language shown (an empty field removes one). */
export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireManager(request);
  requireSameOrigin(request);
  const form = await request.formData();
  const lang = translationLang(form.get("lang"));
  const count = Number(form.get("count"));
  if (!Number.isInteger(count) || count < 0 || count > MAX_FIELDS) return data<Answer>({ ok: false, message: "Ungültige Anfrage." }, { status: 400 });
  const entries: { source: string; text: string }[] = [];
  const values: Record<number, string> = {};
  for (let i = 0; i < count; i++) {
    const source = form.get(`source-${i}`);
    const text = form.get(`text-${i}`);
    if (typeof source !== "string" || typeof text !== "string") return data<Answer>({ ok: false, message: "Ungültige Anfrage." }, { status: 400 });
    entries.push({ source, text });
    values[i] = text.slice(0, TRANSLATION_MAX + 10);
  }
  const result = await saveTranslations(await getDb(), staff, lang, entries);
  if (!result.ok) return data<Answer>({ ok: false, message: "Bitte prüfen Sie die markierten Übersetzungen.", errors: result.errors, values }, { status: 400 });
  return data<Answer>({ ok: true, message: result.changed === 0 ? "Keine Änderungen." : "Die Übersetzungen sind gespeichert." });
}

export default function TranslationsPage() {
  const { staff, lang, rows } = useLoaderData<typeof loader>();
  const answer = useActionData<Answer>();
  const name = LANGUAGES.find((l) => l.lang === lang)!.name;
  const missing = rows.filter((r) => r.text === "").length;
  let group = "";
  return (
    <Page title="Übersetzungen" wide>
      <AdminBar email={staff.email} manager />
      <SettingsNav current="/admin/einstellungen/uebersetzungen" />
      <p className="muted">
        Die Texte, die Sie auf den anderen Einstellungsseiten auf Deutsch schreiben (Angebote, Zusatzleistungen, «Über uns», Hinweis zur Ankunft, Schliessungen),
        lesen Familien auf den französischen, italienischen und englischen Seiten und in ihren E-Mails in deren Sprache, sobald sie hier übersetzt sind. Ohne
        Übersetzung steht der deutsche Text da. Ändern Sie einen deutschen Text, gilt seine alte Übersetzung nicht mehr: Er erscheint dann hier wieder leer.
      </p>
      <nav aria-label="Sprache" className="settings-nav">
        {LANGUAGES.map((l) => (
          <a key={l.lang} href={`?sprache=${l.lang}`} aria-current={l.lang === lang ? "page" : undefined}>
            {l.name}
          </a>
        ))}
      </nav>
      <p className="muted">{rows.length === 0 ? "Es gibt keine Texte zu übersetzen." : missing === 0 ? `Alle Texte sind auf ${name} übersetzt.` : `${missing} von ${rows.length} Texten sind noch nicht auf ${name} übersetzt.`}</p>
      <Form method="post" action={`?sprache=${lang}`} noValidate key={`${lang}-${rows.map((r) => r.updatedAt ?? "").join()}`}>
        <input type="hidden" name="lang" value={lang} />
        <input type="hidden" name="count" value={rows.length} />
        {rows.map((row, i) => {
          const heading = row.group !== group ? <h2 key={`g-${row.group}`}>{(group = row.group)}</h2> : null;
          const id = `translation-${i}`;
          const error = answer?.errors?.[i];
          const value = answer?.values?.[i] ?? row.text;
          const field = {
            id,
            name: `text-${i}`,
            defaultValue: value,
            lang: LOCALE[lang],
            maxLength: TRANSLATION_MAX,
            "aria-invalid": error ? true : undefined,
            "aria-describedby": [`${id}-source`, error ? `${id}-error` : ""].filter(Boolean).join(" "),
          };
          return (
            <div key={`${i}-${row.source}`}>
              {heading}
              <div className="field translation-field">
                <input type="hidden" name={`source-${i}`} value={row.source} />
                <label htmlFor={id}>{row.label}</label>
                <p id={`${id}-source`} className="muted field-hint pre-line" lang="de-CH">
                  Deutsch: {row.source}
                </p>
                {row.multiline ? <textarea rows={3} className="legal-textarea" {...field} /> : <input type="text" {...field} />}
                {row.updatedAt ? (
                  <p className="muted field-hint">
                    Übersetzt am {formatDateDE(venueNow(new Date(row.updatedAt)).date)}
                    {row.updatedBy ? ` von ${row.updatedBy}` : ""}
                  </p>
                ) : null}
                {error ? (
                  <p className="field-error" id={`${id}-error`}>
                    {error}
                  </p>
                ) : null}
              </div>
            </div>
          );
        })}
        <FormMessage answer={answer ? { form: "translations", ok: answer.ok, message: answer.message } : undefined} />
        {rows.length > 0 ? (
          <div className="button-row">
            <button type="submit" className="button">
              Übersetzungen speichern
            </button>
          </div>
        ) : null}
      </Form>
    </Page>
  );
}
