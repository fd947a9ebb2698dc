import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, useActionData, useLoaderData } from "@remix-run/react";
import { AdminBar } from "~/components/AdminBar";
import { Page } from "~/components/Page";
import { FormMessage, SettingsNav, SettingsSection, SettingsTextArea, type SettingsActionData } from "~/components/SettingsForm";
import { LEGAL_BODY_MAX, LEGAL_KINDS, LEGAL_PLACEHOLDERS, LEGAL_TITLES, type LegalKind } from "~/domain/legal-texts";
import { pageMeta } from "~/domain/page-meta";
import { formatDateDE, venueNow } from "~/domain/time";
import { isLang, LANGS, LOCALE, localePath, type Lang } from "~/i18n/locales";
import { loadVenueContact } from "~/server/booking/venue.server";
import { legalTextsOverview, legalTranslationsOverview, previewLegalText, saveLegalText, saveLegalTranslation } from "~/server/legal/legal-texts.server";
import { getDb } from "~/server/platform/db.server";
import { requireManager, requireSameOrigin } from "~/server/staff/auth.server";

export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });
export const handle = { hydrate: true };
export const meta: MetaFunction = () => pageMeta("Rechtstexte", [{ name: "robots", content: "noindex" }]);

type Answer = SettingsActionData & { preview?: string };

/** The language of the texts being edited (`?sprache=fr`, issue #33 §2); German, the binding text, without one. */
function textLang(value: unknown): Lang {
  return isLang(value) ? value : "de";
}

const LANGUAGE_NAMES = new Intl.DisplayNames("de-CH", { type: "language" });

export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireManager(request);
  const lang = textLang(new URL(request.url).searchParams.get("sprache"));
  const db = await getDb();
  const texts = lang === "de" ? await legalTextsOverview(db) : [];
  const translations = lang === "de" ? [] : await legalTranslationsOverview(db, lang);
  return {
    staff: { email: staff.email },
    lang,
    languages: LANGS.map((l) => ({ lang: l, name: LANGUAGE_NAMES.of(l) ?? l })),
    texts: texts.map((t) => ({ ...t, history: t.history.map((h) => ({ version: h.version, by: h.createdBy, at: h.createdAt.toISOString() })) })),
    translations: translations.map((t) => ({
      ...t,
      draftAt: t.draftAt?.toISOString() ?? null,
      history: t.history.map((h) => ({ version: h.version, revision: h.revision, by: h.createdBy, at: h.createdAt.toISOString() })),
    })),
  };
}

function isKind(v: unknown): v is LegalKind {
  return typeof v === "string" && (LEGAL_KINDS as readonly string[]).includes(v);
}

/** Manager only: a save is a new version (audited); a preview renders without storing. */
export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireManager(request);
  requireSameOrigin(request);
  const form = await request.formData();
  const kind = form.get("kind");
  const body = form.get("body");
  if (!isKind(kind) || typeof body !== "string") return data<Answer>({ form: "unknown", ok: false, message: "Ungültige Anfrage." }, { status: 400 });
  // Kept for redisplay only up to a little over the limit, so an oversized post is not echoed whole.
  const values = { body: body.slice(0, LEGAL_BODY_MAX + 10) };
  const db = await getDb();
  const lang = textLang(form.get("lang"));
  if (lang !== "de") return translationAction(db, staff, kind, lang, form, body, values);
  if (form.get("intent") === "preview") {
    const preview = await previewLegalText(db, body, await loadVenueContact(db));
    if (!preview.ok) return data<Answer>({ form: kind, ok: false, message: preview.error, values }, { status: 400 });
    return data<Answer>({ form: kind, ok: true, message: "Vorschau unten; noch nicht gespeichert.", preview: preview.html, values });
  }
  const result = await saveLegalText(db, staff, kind, body);
  if (!result.ok) return data<Answer>({ form: kind, ok: false, message: result.error, values }, { status: 400 });
  return data<Answer>({
    form: kind,
    ok: true,
    message: result.created ? `Gespeichert als Version ${result.version}.` : `Keine Änderung; Version ${result.version} bleibt gültig.`,
  });
}

/**
 * A translation (issue #33 §2): preview in its language, or save as the next revision for the
 * German version the form was written against (`germanVersion`); a German text changed meanwhile
 * is refused with a message, the typed text kept.
 */
async function translationAction(
  db: Awaited<ReturnType<typeof getDb>>,
  staff: Awaited<ReturnType<typeof requireManager>>,
  kind: LegalKind,
  lang: Lang,
  form: FormData,
  body: string,
  values: { body: string },
) {
  const rawVersion = form.get("germanVersion");
  const germanVersion = typeof rawVersion === "string" && /^\d{1,6}$/.test(rawVersion) ? Number(rawVersion) : null;
  if (germanVersion === null) return data<Answer>({ form: kind, ok: false, message: "Ungültige Anfrage." }, { status: 400 });
  if (form.get("intent") === "preview") {
    const preview = await previewLegalText(db, body, await loadVenueContact(db), lang);
    if (!preview.ok) return data<Answer>({ form: kind, ok: false, message: preview.error, values }, { status: 400 });
    return data<Answer>({ form: kind, ok: true, message: "Vorschau unten; noch nicht gespeichert.", preview: preview.html, values });
  }
  const result = await saveLegalTranslation(db, staff, kind, lang, germanVersion, body);
  if (!result.ok) return data<Answer>({ form: kind, ok: false, message: result.error, values }, { status: "stale" in result ? 409 : 400 });
  return data<Answer>({
    form: kind,
    ok: true,
    message: result.created
      ? `Gespeichert: Übersetzung zu Version ${result.version}, Revision ${result.revision}.`
      : `Keine Änderung; Revision ${result.revision} der Übersetzung zu Version ${result.version} bleibt gültig.`,
  });
}

const PUBLIC_PATH: Record<LegalKind, string> = { agb: "/agb", impressum: "/impressum", datenschutz: "/datenschutz" };

function versionName(version: number): string {
  return version > 0 ? `Version ${version}` : "Standardtext (Version 0)";
}

function dateDE(iso: string): string {
  return formatDateDE(venueNow(new Date(iso)).date);
}

export default function LegalTextsPage() {
  const { staff, texts, translations, lang, languages } = useLoaderData<typeof loader>();
  const actionData = useActionData<Answer>();
  const languageName = languages.find((l) => l.lang === lang)!.name;
  return (
    <Page title="Rechtstexte" wide>
      <AdminBar email={staff.email} manager />
      <SettingsNav current="/admin/einstellungen/texte" />
      <p className="muted">
        Format: Markdown (## Titel, *kursiv*, **fett**, Listen mit «- », Links [Text](https://…)). HTML und Bilder werden nicht übernommen. Platzhalter:{" "}
        {LEGAL_PLACEHOLDERS.map((p) => `{${p}}`).join(", ")}. Jedes Speichern erzeugt eine neue Version; Buchungen behalten die AGB-Version, die sie akzeptiert haben.
      </p>
      <p className="muted">
        Massgebend ist die deutsche Fassung. Eine Übersetzung gilt für die deutsche Version, zu der sie gespeichert wurde; ohne passende Übersetzung zeigt die Seite in
        dieser Sprache den deutschen Text mit dem Hinweis, dass er nur auf Deutsch verfügbar ist.
      </p>
      <nav aria-label="Sprache der Texte" className="settings-nav">
        {languages.map((l) => (
          <a key={l.lang} href={l.lang === "de" ? "/admin/einstellungen/texte" : `?sprache=${l.lang}`} aria-current={l.lang === lang ? "page" : undefined}>
            {l.name}
          </a>
        ))}
      </nav>
      {translations.map((t) => {
        const answer = actionData?.form === t.kind ? actionData : undefined;
        const id = `legal-${t.kind}`;
        const error = answer && !answer.ok ? answer.message : undefined;
        const title = `${LEGAL_TITLES[t.kind]} (${languageName})`;
        const publicPath = localePath(lang, PUBLIC_PATH[t.kind]);
        return (
          <SettingsSection key={t.kind} title={title} id={`${id}-title`}>
            <p className="muted">
              Deutsche Fassung: {versionName(t.germanVersion)} · <a href={publicPath}>Öffentliche Seite</a>
            </p>
            <p className={t.draft.source === "older" ? "alert alert-info" : "muted"}>
              {t.draft.source === "current"
                ? `Übersetzung zu Fassung ${t.draft.version}, Revision ${t.draft.revision}${t.draftAt ? `, gespeichert am ${dateDE(t.draftAt)}` : ""}. Die öffentliche Seite zeigt sie mit dem Hinweis, dass allein die deutsche Fassung massgebend ist.`
                : t.draft.source === "older"
                  ? `Übersetzung zu Fassung ${t.draft.version} — die deutsche Fassung ist jetzt ${t.germanVersion}; bitte prüfen und speichern. Bis dahin zeigt die öffentliche Seite den deutschen Text.`
                  : `Noch keine Übersetzung auf ${languageName}: die öffentliche Seite zeigt den deutschen Text mit dem Hinweis, dass er nur auf Deutsch verfügbar ist. Unten steht der deutsche Text zum Übersetzen.`}
            </p>
            <Form method="post" action={`?sprache=${lang}`} noValidate key={`${t.kind}-${lang}-${t.germanVersion}-${t.draft.revision ?? 0}`}>
              <input type="hidden" name="kind" value={t.kind} />
              <input type="hidden" name="lang" value={lang} />
              <input type="hidden" name="germanVersion" value={t.germanVersion} />
              <SettingsTextArea
                id={`${id}-body`}
                name="body"
                label={`Text auf ${languageName} (höchstens ${LEGAL_BODY_MAX.toLocaleString("de-CH")} Zeichen)`}
                value={answer?.values?.body ?? t.draft.body}
                error={error}
                rows={14}
                maxLength={LEGAL_BODY_MAX}
                lang={LOCALE[lang]}
              />
              {answer?.ok ? <FormMessage answer={answer} /> : null}
              <div className="button-row">
                <button type="submit" name="intent" value="preview" className="button button-secondary">
                  Vorschau
                </button>
                <button type="submit" name="intent" value="save" className="button">
                  Übersetzung speichern
                </button>
              </div>
            </Form>
            {answer?.preview ? (
              <section aria-label={`Vorschau ${title}`} className="legal-preview">
                <h3>Vorschau</h3>
                <div className="legal-text" lang={LOCALE[lang]} dangerouslySetInnerHTML={{ __html: answer.preview }} />
              </section>
            ) : null}
            <h3>Übersetzungen</h3>
            {t.history.length === 0 ? (
              <p className="muted">Noch keine Übersetzung gespeichert.</p>
            ) : (
              <ul>
                {t.history.map((h) => (
                  <li key={`${h.version}-${h.revision}`}>
                    {t.kind === "agb" ? <a href={localePath(lang, `/agb/${h.version}`)}>Zu Version {h.version}</a> : `Zu Version ${h.version}`} · Revision {h.revision} ·{" "}
                    {dateDE(h.at)} · {h.by ?? "unbekannt"}
                  </li>
                ))}
              </ul>
            )}
          </SettingsSection>
        );
      })}
      {texts.map((t) => {
        const answer = actionData?.form === t.kind ? actionData : undefined;
        const id = `legal-${t.kind}`;
        const error = answer && !answer.ok ? answer.message : undefined;
        return (
          <SettingsSection key={t.kind} title={LEGAL_TITLES[t.kind]} id={`${id}-title`}>
            <p className="muted">
              Aktuell: {t.version > 0 ? `Version ${t.version}` : "Standardtext (Version 0)"} · <a href={PUBLIC_PATH[t.kind]}>Öffentliche Seite</a>
            </p>
            <Form method="post" noValidate key={`${t.kind}-${t.version}`}>
              <input type="hidden" name="kind" value={t.kind} />
              <SettingsTextArea
                id={`${id}-body`}
                name="body"
                label={`Text (höchstens ${LEGAL_BODY_MAX.toLocaleString("de-CH")} Zeichen)`}
                value={answer?.values?.body ?? t.body}
                error={error}
                rows={14}
                maxLength={LEGAL_BODY_MAX}
              />
              {answer?.ok ? <FormMessage answer={answer} /> : null}
              <div className="button-row">
                <button type="submit" name="intent" value="preview" className="button button-secondary">
                  Vorschau
                </button>
                <button type="submit" name="intent" value="save" className="button">
                  Neue Version speichern
                </button>
              </div>
            </Form>
            {answer?.preview ? (
              <section aria-label={`Vorschau ${LEGAL_TITLES[t.kind]}`} className="legal-preview">
                <h3>Vorschau</h3>
                <div className="legal-text" dangerouslySetInnerHTML={{ __html: answer.preview }} />
              </section>
            ) : null}
            <h3>Versionen</h3>
            {t.history.length === 0 ? (
              <p className="muted">Noch keine gespeicherte Version; es gilt der Standardtext.</p>
            ) : (
              <ul>
                {t.history.map((h) => (
                  <li key={h.version}>
                    {t.kind === "agb" ? <a href={`/agb/${h.version}`}>Version {h.version}</a> : `Version ${h.version}`} · {formatDateDE(venueNow(new Date(h.at)).date)} · {h.by ?? "unbekannt"}
                  </li>
                ))}
              </ul>
            )}
          </SettingsSection>
        );
      })}
    </Page>
  );
}
