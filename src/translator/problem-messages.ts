import type { ConfigProblem } from '@domain/api/workspace-config';
import { APP_ROUTE_PATTERNS } from '@domain/app-routes';
import { enumSourcePath, validateConfiguration, type ProblemParams, type RuledProblem, type ValidationOptions } from './validate';

/**
 * The problems of a draft in the user's language, one catalogue for the server (validate, publish) and the browser
 * (the editor's check as you type). The translator writes English sentences; Italian (the default) comes from this
 * catalogue, keyed by the rule's code and filled with the problem's params (the names and values the English sentence
 * gives). The sentence does not repeat where: the problem carries its document and pointer, which the problems panel
 * shows with the line (as for the English ones). A rule missing here keeps the English sentence.
 */

export type ProblemLanguage = 'it' | 'en';

/**
 * The language of the server's messages (these problems, and every refusal: src/server/server-messages.ts) for an
 * Accept-Language header or an i18next language: Italian, the product's, unless the first language asked for is
 * English (en, en-US, en-GB…). A request that names none is not the app's (it, and every browser, sends one): it gets
 * English, the API's own words.
 */
export function problemLanguage(acceptLanguage: string | string[] | undefined): ProblemLanguage {
  const header = Array.isArray(acceptLanguage) ? acceptLanguage[0] : acceptLanguage;
  const first = (header ?? '').split(',')[0]?.split(';')[0]?.trim().toLowerCase() ?? '';
  return first === '' || first === 'en' || first.startsWith('en-') ? 'en' : 'it';
}

/**
 * An Italian sentence: a template whose `{name}`s are the problem's params (see RuledProblem), or a function of the
 * params where the words depend on them (plurals, comparisons). A problem that lacks a name its template uses keeps
 * the English sentence, which names everything.
 */
type Template = string | ((params: ProblemParams) => string | null);

/** A function template that needs `names`: null (the English sentence) when the problem lacks one. */
const given = (names: readonly string[], text: (params: ProblemParams) => string): Template => (params) =>
  (names.every((name) => Object.prototype.hasOwnProperty.call(params, name)) ? text(params) : null);

const IT_COMPARISON: Record<string, string> = { '>=': 'almeno', '<=': 'al massimo', '>': 'maggiore di', '<': 'minore di' };
const itCount = (count: string | number, one: string, many: string): string => `${String(count)} ${count === 1 ? one : many}`;
const itComparison = given(['comparison', 'limit'], (p) => `Il valore deve essere ${IT_COMPARISON[String(p.comparison)] ?? String(p.comparison)} ${String(p.limit)}`);

const IT: Record<string, Template> = {
  'schema:required': "Manca la chiave obbligatoria '{missingProperty}'",
  'schema:additionalProperties': "'{additionalProperty}' non è una chiave ammessa qui",
  'schema:type': given(['type'], (p) => `Il valore deve essere di tipo ${String(p.type).split(',').join(' o ')}`),
  'schema:enum': 'Valore non ammesso: i valori ammessi sono {allowedValues}',
  'schema:pattern': 'Il valore non rispetta il formato richiesto ({pattern})',
  'schema:propertyNames': "La chiave '{propertyName}' non è un nome di campo valido",
  'schema:minimum': itComparison,
  'schema:maximum': itComparison,
  'schema:exclusiveMinimum': itComparison,
  'schema:exclusiveMaximum': itComparison,
  'schema:multipleOf': 'Il valore deve essere un multiplo di {multipleOf}',
  'schema:minItems': given(['limit'], (p) => `L'elenco deve avere almeno ${itCount(p.limit, 'elemento', 'elementi')}`),
  'schema:maxItems': given(['limit'], (p) => `L'elenco deve avere al massimo ${itCount(p.limit, 'elemento', 'elementi')}`),
  'schema:uniqueItems': 'Elemento ripetuto: gli elementi {i} e {j} sono uguali, ogni elemento deve comparire una volta sola',
  'schema:contains': "L'elenco non contiene un elemento richiesto",
  'schema:additionalItems': "L'elenco ha più elementi di quelli ammessi",
  'schema:minLength': given(['limit'], (p) => (p.limit === 1 ? 'Il testo non deve essere vuoto' : `Il testo deve avere almeno ${itCount(p.limit, 'carattere', 'caratteri')}`)),
  'schema:maxLength': given(['limit'], (p) => `Il testo deve avere al massimo ${itCount(p.limit, 'carattere', 'caratteri')}`),
  'schema:format': 'Il valore non rispetta il formato richiesto',
  'schema:const': 'Il valore deve essere {allowedValue}',
  'schema:anyOf': 'Il valore non ha nessuna delle forme ammesse qui',
  'schema:oneOf': 'Il valore deve avere esattamente una delle forme ammesse qui',
  'schema:not': 'Valore non ammesso',
  'schema:if': 'Il valore non rispetta la condizione prevista',
  'schema:minProperties': 'Troppe poche chiavi',
  'schema:maxProperties': 'Troppe chiavi',
  'schema:dependencies': "Manca una chiave richiesta da un'altra chiave",
  'schema:dependentRequired': "Manca una chiave richiesta da un'altra chiave",
  'schema:false schema': 'Chiave non ammessa',
  'regex-invalid': "L'espressione regolare del campo '{field}' non è valida: {regex}",
  'array-items-model-missing': "Il campo array '{field}' non ha un arrayItemsModel che ne descriva gli elementi",
  'array-min-above-max': "Il campo '{field}' richiede almeno {min} elementi ma ne ammette al massimo {max}",
  'data-model-mismatch': "Il workspace indica il modello dati '{named}', ma il modello dati è '{dataModel}'",
  'workspace-id-mismatch': "L'id del workspace '{draftId}' non è '{id}', il workspace che si sta modificando",
  'contact-property-missing': "modelContactProperty '{field}' non è un campo di input",
  'group-field-missing': "Il gruppo '{group}' nomina il campo '{field}', che il modello dati non ha tra gli {section}",
  'enum-field-missing': "enumConfig nomina il campo '{field}', che il modello dati non ha tra gli {section}",
  'enum-empty': "La configurazione enum di '{field}' non ha values, url né remoteValues: la select sarebbe vuota",
  'enum-value-duplicate': "Il valore '{value}' compare due volte tra i values del campo '{field}'",
  'enum-source-unknown': "La configurazione enum di '{field}' legge i valori da '{url}', che non è una sorgente di valori; quella di questo campo è '{own}'",
  'dependency-parent-missing': "Il campo padre della dipendenza '{parent}' non è un campo degli {section}",
  'dependency-parent-not-enum': "Il campo padre della dipendenza '{parent}' non è un campo enum (non ha una voce in enumConfig.{section})",
  'dependency-child-missing': "Il campo dipendente '{child}' non è un campo degli {section}",
  'dependency-child-not-enum': "Il campo dipendente '{child}' non è un campo enum (non ha una voce in enumConfig.{section})",
  'dependency-child-static': "Il campo dipendente '{child}' ha solo valori statici e non può dipendere da '{parent}'",
  'dependency-self': "Il campo '{field}' dipende da sé stesso",
  'dependency-cycle': 'Ciclo di dipendenze: {cycle}',
  'address-field-missing': "La parte dell'indirizzo '{part}' punta al campo '{field}', che il modello dati non ha tra gli {section}",
  'entry-state-unknown': "entryState '{state}' non è tra gli stati",
  'closing-state-unknown': "Lo stato di chiusura '{state}' non è tra gli stati",
  'state-sms-unknown': "Lo stato '{state}' invia l'SMS '{sms}', che non è tra gli smsConfigs",
  'state-webapp-unknown': "Lo stato '{state}' apre la webapp '{webapp}', che non è tra i webappConfigs",
  'sms-duplicate': "L'id di modello SMS '{id}' compare due volte",
  'outcome-duplicate': "L'esito '{outcome}' compare due volte",
  'array-config-field-missing': "arrayConfig nomina il campo '{field}', che il modello dati non ha",
  'array-config-not-array': "arrayConfig nomina il campo '{field}', che non è un campo array",
  'array-config-invalid': "arrayConfig di '{field}' deve indicare modal, attachment o doc",
  'widget-icon-empty': "Il widget '{widget}' ha un'icona vuota",
  'widget-name-empty': "Il widget '{widget}' ha un nome vuoto",
  'shortlink-link-invalid': "Il collegamento '{label}' ha il link '{link}', che non è né un indirizzo http(s) né un percorso",
  'shortlink-label-empty': 'Il collegamento non ha etichetta',
  'bulk-action-state-unknown': "L'azione massiva '{action}' porta i contatti allo stato '{state}', che non è tra gli stati",
  'bulk-action-regex-invalid': "L'espressione regolare del parametro '{param}' non è valida ({regex}): accetterà qualsiasi valore",
  'template-placeholder-unknown': "Il segnaposto '${{placeholder}}' del modello non è un campo di input",
  'template-phone-field-unknown': "phoneField '{field}' non è un campo di input",
  'disposition-duplicate': "Il valore di disposizione '{value}' compare due volte tra le voci dello stesso livello",
  'disposition-too-deep': "La disposizione '{value}' è al livello {depth}: una disposizione ha al massimo {max} livelli",
  'report-duplicate': "L'id di report '{id}' compare due volte",
  'report-template-missing': "Il report '{report}' non indica un templateName: è nascosto",
  'report-template-unknown': "Il report '{report}' indica il modello sconosciuto '{template}'; quelli noti sono {known}",
  'report-filter-not-applied': "Il report '{report}' attiva {filter}, che il suo modello '{template}' non applica: il filtro non viene mostrato",
  'permission-unknown': "'{permission}' non è un permesso; quelli noti sono {known}",
  'home-path-not-a-route': "Il percorso iniziale '{path}' del ruolo {role} non è una schermata dell'app",
  'role-reaches-no-screen': 'Il ruolo {role} non può aprire nessuna schermata di questo workspace: né il suo viewsConfig né permissionRules gliene danno una, quindi i suoi utenti finiscono sulla pagina 403',
  'check-failed': 'Il workspace non ha potuto essere verificato: {error}',
  'json-object': 'Il documento deve essere un oggetto JSON',
};

/** A template with the problem's params in it; null when the problem lacks a name the template uses. */
function italian(template: Template, params: ProblemParams): string | null {
  if (typeof template === 'function') return template(params);
  let complete = true;
  const text = template.replace(/\{([A-Za-z]\w*)\}/g, (_match, name: string) => {
    if (!Object.prototype.hasOwnProperty.call(params, name)) complete = false;
    return String(params[name]);
  });
  return complete ? text : null;
}

/** One translator problem as the API sends it, its message in `language`. */
export function localizeProblem(problem: RuledProblem, language: ProblemLanguage): ConfigProblem {
  const template = language === 'it' ? IT[problem.rule] : undefined;
  const sentence = template === undefined ? null : italian(template, problem.params ?? {});
  return {
    document: problem.document,
    pointer: problem.pointer,
    rule: problem.rule,
    message: sentence ?? problem.message,
    severity: problem.severity,
  };
}

/**
 * The checks of the app itself (DESIGN: validation is one function used everywhere): a home path must be one of its
 * screens, a remote enum must read its own enum call. The editor, the publish route, the seed of the fixtures and
 * `npm run qa:translate` all validate with them.
 */
export const APP_VALIDATION: ValidationOptions = { routes: APP_ROUTE_PATTERNS, enumSource: enumSourcePath };

/**
 * Every problem of a draft (workspace + data model), in the translator's English: the schema and cross-reference
 * rules, and, when the draft edits workspace `id`, a workspace whose id is another one. What the server's validate
 * and publish refuse, and what the editor lists as you type.
 */
export function draftProblems(workspace: unknown, dataModel: unknown, id: string | undefined, options: ValidationOptions = {}): RuledProblem[] {
  const problems = validateConfiguration(workspace, dataModel, options);
  const draftId = (workspace as { id?: unknown } | null)?.id;
  if (id !== undefined && draftId !== id) {
    problems.unshift({ document: 'workspace', pointer: '/id', rule: 'workspace-id-mismatch', message: `The workspace's id '${String(draftId)}' is not '${id}', the workspace being edited`, severity: 'error', params: { draftId: String(draftId), id } });
  }
  return problems;
}

/** draftProblems in `language`. */
export const localizedDraftProblems = (workspace: unknown, dataModel: unknown, id: string | undefined, language: ProblemLanguage, options: ValidationOptions = {}): ConfigProblem[] =>
  draftProblems(workspace, dataModel, id, options).map((problem) => localizeProblem(problem, language));
