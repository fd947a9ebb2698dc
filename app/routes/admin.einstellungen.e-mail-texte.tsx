import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, useActionData, useLoaderData } from "@remix-run/react";
import { AdminBar } from "~/components/AdminBar";
import { Page } from "~/components/Page";
import { FormMessage, SettingsNav, SettingsSection, SettingsTextArea } from "~/components/SettingsForm";
import {
  EMAIL_PLACEHOLDER_HINTS,
  EMAIL_PLACEHOLDERS,
  EMAIL_TEXT_KINDS,
  EMAIL_TEXT_MAX,
  EMAIL_TEXT_SLUGS,
  EMAIL_TEXT_TITLES,
  EMAIL_TEXT_WHEN,
  emailTextKindOf,
  isEmailTextKind,
  type EmailText,
} from "~/domain/email-texts";
import { pageMeta } from "~/domain/page-meta";
import { isLang, LANGS, LOCALE, type Lang } from "~/i18n/locales";
import { formatDateDE, venueNow } from "~/domain/time";
import { emailTextsOverview, previewEmailText, resetEmailText, saveEmailText } from "~/server/mail/email-texts.server";
import { getDb } from "~/server/platform/db.server";
import { requireManager, requireSameOrigin } from "~/server/staff/auth.server";

export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });
export const handle = { hydrate: true };
export const meta: MetaFunction = () => pageMeta("E-Mail-Texte", [{ name: "robots", content: "noindex" }]);

type Answer = {
  kind: string;
  ok: boolean;
  message?: string;
  errors?: Partial<Record<keyof EmailText, string>>;
  values?: EmailText;
  preview?: { subject: string; text: string };
};

/** The language of the texts being edited (`?sprache=fr`, issue #33 §2); German without one. */
function textLang(value: unknown): Lang {
  return isLang(value) ? value : "de";
}

const LANGUAGE_NAMES = new Intl.DisplayNames("de-CH", { type: "language" });

export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireManager(request);
  const query = new URL(request.url).searchParams;
  const kind = emailTextKindOf(query.get("art"));
  const lang = textLang(query.get("sprache"));
  const texts = await emailTextsOverview(await getDb(), lang);
  return {
    staff: { email: staff.email },
    kind,
    lang,
    languages: LANGS.map((l) => ({ lang: l, name: LANGUAGE_NAMES.of(l) ?? l })),
    texts: texts.map((t) => ({ kind: t.kind, text: t.text, isDefault: t.isDefault, germanEdited: t.germanEdited, updatedAt: t.updatedAt?.toISOString() ?? null, updatedBy: t.updatedBy })),
  };
}

/** Manager only: save, preview (nothing stored) or back to the default. */
export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireManager(request);
  requireSameOrigin(request);
  const form = await request.formData();
  const kind = form.get("kind");
  const lang = textLang(form.get("lang"));
  const intro = form.get("intro");
  const closing = form.get("closing");
  if (!isEmailTextKind(kind) || typeof intro !== "string" || typeof closing !== "string") {
    return data<Answer>({ kind: "unknown", ok: false, message: "Ungültige Anfrage." }, { status: 400 });
  }
  // Shown again beside the messages, but never more than a little over the limit.
  const values = { intro: intro.slice(0, EMAIL_TEXT_MAX + 10), closing: closing.slice(0, EMAIL_TEXT_MAX + 10) };
  const db = await getDb();
  const intent = form.get("intent");
  if (intent === "reset") {
    const result = await resetEmailText(db, staff, kind, lang);
    return data<Answer>({ kind, ok: true, message: result.ok ? result.message : undefined });
  }
  if (intent === "preview") {
    const preview = await previewEmailText(db, kind, intro, closing, lang);
    if (!preview.ok) return data<Answer>({ kind, ok: false, errors: preview.errors, values, message: "Bitte prüfen Sie die markierten Texte." }, { status: 400 });
    return data<Answer>({ kind, ok: true, message: "Vorschau unten; noch nicht gespeichert.", values, preview: { subject: preview.subject, text: preview.text } });
  }
  const result = await saveEmailText(db, staff, kind, intro, closing, new Date(), lang);
  if (!result.ok) return data<Answer>({ kind, ok: false, errors: result.errors, values, message: "Bitte prüfen Sie die markierten Texte." }, { status: 400 });
  return data<Answer>({ kind, ok: true, message: result.message });
}

export default function EmailTextsPage() {
  const { staff, kind, lang, languages, texts } = useLoaderData<typeof loader>();
  const actionData = useActionData<Answer>();
  const current = texts.find((t) => t.kind === kind)!;
  const answer = actionData?.kind === kind ? actionData : undefined;
  const shown = answer && answer.values ? answer.values : current.text;
  const inLang = lang === "de" ? "" : `&sprache=${lang}`;
  const action = `?art=${EMAIL_TEXT_SLUGS[kind]}${inLang}`;
  const languageName = languages.find((l) => l.lang === lang)!.name;
  const textareaLang = lang === "de" ? undefined : LOCALE[lang];
  return (
    <Page title="E-Mail-Texte" wide>
      <AdminBar email={staff.email} manager />
      <SettingsNav current="/admin/einstellungen/e-mail-texte" />
      <p className="muted">
        Einleitung und Schluss jeder E-Mail an Familien. Dazwischen stehen immer die Angaben zur Buchung, Beträge und Links; sie werden automatisch erstellt. Eine
        Leerzeile beginnt einen neuen Absatz.
      </p>
      <p className="muted">
        Jede Familie erhält ihre E-Mails in der Sprache, in der sie gebucht hat. Ohne eigenen Text in einer Sprache gilt dort der angepasste deutsche Text (mit dem
        Hinweis, dass er deutsch ist) oder, wenn der deutsche Text nicht angepasst ist, der Standardtext der Sprache.
      </p>
      <nav aria-label="Sprache der Texte" className="settings-nav">
        {languages.map((l) => (
          <a key={l.lang} href={`?art=${EMAIL_TEXT_SLUGS[kind]}${l.lang === "de" ? "" : `&sprache=${l.lang}`}`} aria-current={l.lang === lang ? "page" : undefined}>
            {l.name}
          </a>
        ))}
      </nav>
      <nav aria-label="E-Mail-Arten" className="settings-nav">
        {EMAIL_TEXT_KINDS.map((k) => {
          const t = texts.find((x) => x.kind === k)!;
          return (
            <a key={k} href={`?art=${EMAIL_TEXT_SLUGS[k]}${inLang}`} aria-current={k === kind ? "page" : undefined}>
              {EMAIL_TEXT_TITLES[k]}
              {t.isDefault ? "" : " (angepasst)"}
            </a>
          );
        })}
      </nav>
      <SettingsSection title={lang === "de" ? EMAIL_TEXT_TITLES[kind] : `${EMAIL_TEXT_TITLES[kind]} (${languageName})`} id="email-text-title">
        <p className="muted">{EMAIL_TEXT_WHEN[kind]}</p>
        <p className="muted">
          {!current.isDefault
            ? `Angepasst am ${formatDateDE(venueNow(new Date(current.updatedAt!)).date)}${current.updatedBy ? ` von ${current.updatedBy}` : ""}.`
            : current.germanEdited
              ? `Noch kein eigener Text auf ${languageName}: Familien dieser Sprache erhalten den angepassten deutschen Text. Unten steht der Standardtext auf ${languageName}; gespeichert gilt er statt des deutschen.`
              : lang === "de"
                ? "Es gilt der Standardtext."
                : `Es gilt der Standardtext auf ${languageName}.`}
        </p>
        <Form method="post" action={action} noValidate key={`${kind}-${lang}-${current.updatedAt ?? "default"}`}>
          <input type="hidden" name="kind" value={kind} />
          <input type="hidden" name="lang" value={lang} />
          <SettingsTextArea id="email-intro" name="intro" label="Einleitung (mit Anrede)" value={shown.intro} error={answer?.errors?.intro} rows={6} maxLength={EMAIL_TEXT_MAX} lang={textareaLang} />
          <SettingsTextArea id="email-closing" name="closing" label="Schluss (mit Grussformel)" value={shown.closing} error={answer?.errors?.closing} rows={4} maxLength={EMAIL_TEXT_MAX} lang={textareaLang} />
          <details className="placeholder-help">
            <summary>Platzhalter</summary>
            <dl>
              {EMAIL_PLACEHOLDERS.map((p) => (
                <div key={p}>
                  <dt>
                    <code>{`{${p}}`}</code>
                  </dt>
                  <dd>{EMAIL_PLACEHOLDER_HINTS[p]}</dd>
                </div>
              ))}
            </dl>
          </details>
          <FormMessage answer={answer ? { form: kind, ok: answer.ok, message: answer.message } : undefined} />
          <div className="button-row">
            <button type="submit" name="intent" value="preview" className="button button-secondary">
              Vorschau
            </button>
            <button type="submit" name="intent" value="save" className="button">
              Speichern
            </button>
            {current.isDefault ? null : (
              <button type="submit" name="intent" value="reset" className="button button-secondary">
                Standardtext wiederherstellen
              </button>
            )}
          </div>
        </Form>
        {answer?.preview ? (
          <section aria-labelledby="email-preview-title" className="legal-preview">
            <h3 id="email-preview-title">Vorschau mit einer Beispielbuchung</h3>
            <p>
              <strong>Betreff:</strong> {answer.preview.subject}
            </p>
            <pre className="mail-preview">{answer.preview.text}</pre>
          </section>
        ) : null}
      </SettingsSection>
    </Page>
  );
}
