import type { ConfigProblem } from '@domain/api/workspace-config';
import { APP_ROUTE_PATTERNS } from '@domain/app-routes';
import { enumSourcePath, validateConfiguration, type RuledProblem, type ValidationOptions } from './validate';

/**
 * The problems of a draft in the user's language, one catalogue for the server (validate, publish) and the browser
 * (the editor's check as you type). The translator writes English sentences; Italian (the default) comes from this
 * catalogue, keyed by the rule's code, with the pointer saying where. A rule missing here keeps the English sentence.
 */

export type ProblemLanguage = 'it' | 'en';

/** it-IT unless the first language the browser asks for is English (en, en-US, en-GB…): an Accept-Language header or an i18next language. */
export function problemLanguage(acceptLanguage: string | string[] | undefined): ProblemLanguage {
  const header = Array.isArray(acceptLanguage) ? acceptLanguage[0] : acceptLanguage;
  const first = (header ?? '').split(',')[0]?.split(';')[0]?.trim().toLowerCase() ?? '';
  return first === 'en' || first.startsWith('en-') ? 'en' : 'it';
}

const IT: Record<string, string> = {
  'schema:required': 'Manca una chiave obbligatoria',
  'schema:additionalProperties': 'Chiave sconosciuta',
  'schema:type': 'Tipo di valore errato',
  'schema:enum': 'Valore non ammesso',
  'schema:pattern': 'Il valore non rispetta il formato richiesto',
  'schema:propertyNames': 'Nome di campo non valido',
  'schema:minimum': 'Valore troppo piccolo',
  'schema:maximum': 'Valore troppo grande',
  'schema:exclusiveMinimum': 'Valore troppo piccolo',
  'schema:exclusiveMaximum': 'Valore troppo grande',
  'schema:multipleOf': 'Il valore non è un multiplo ammesso',
  'schema:minItems': 'Troppo pochi elementi',
  'schema:maxItems': 'Troppi elementi',
  'schema:uniqueItems': 'Elemento ripetuto: ogni elemento deve comparire una volta sola',
  'schema:contains': "L'elenco non contiene un elemento richiesto",
  'schema:additionalItems': "L'elenco ha più elementi di quelli ammessi",
  'schema:minLength': 'Testo troppo corto',
  'schema:maxLength': 'Testo troppo lungo',
  'schema:format': 'Il valore non rispetta il formato richiesto',
  'schema:const': 'Il valore deve essere quello fisso previsto',
  'schema:anyOf': 'Il valore non ha nessuna delle forme ammesse qui',
  'schema:oneOf': 'Il valore deve avere esattamente una delle forme ammesse qui',
  'schema:not': 'Valore non ammesso',
  'schema:if': 'Il valore non rispetta la condizione prevista',
  'schema:minProperties': 'Troppe poche chiavi',
  'schema:maxProperties': 'Troppe chiavi',
  'schema:dependencies': "Manca una chiave richiesta da un'altra chiave",
  'schema:dependentRequired': "Manca una chiave richiesta da un'altra chiave",
  'schema:false schema': 'Chiave non ammessa',
  'regex-invalid': "L'espressione regolare del campo non è valida",
  'array-items-model-missing': "Il campo array non ha un arrayItemsModel che ne descriva gli elementi",
  'array-min-above-max': 'arrayMinItems è maggiore di arrayMaxItems',
  'data-model-mismatch': 'Il workspace indica un modello dati diverso da quello fornito',
  'workspace-id-mismatch': "L'id del workspace non corrisponde a quello dell'indirizzo",
  'contact-property-missing': 'modelContactProperty non è un campo di input',
  'group-field-missing': 'Il gruppo nomina un campo che il modello dati non ha',
  'enum-field-missing': 'enumConfig nomina un campo che il modello dati non ha',
  'enum-empty': 'La configurazione enum non ha valori, url né remoteValues: la select sarebbe vuota',
  'enum-source-unknown': "La sorgente dei valori dell'enum non esiste",
  'dependency-parent-missing': 'Il campo padre della dipendenza non esiste',
  'dependency-parent-not-enum': 'Il campo padre della dipendenza non è un campo enum',
  'dependency-child-missing': 'Il campo dipendente non esiste',
  'dependency-child-not-enum': 'Il campo dipendente non è un campo enum',
  'dependency-child-static': 'Il campo dipendente ha solo valori statici e non può dipendere da un altro campo',
  'dependency-self': 'Un campo non può dipendere da sé stesso',
  'dependency-cycle': 'Ciclo di dipendenze',
  'address-field-missing': "La parte dell'indirizzo punta a un campo che il modello dati non ha",
  'entry-state-unknown': "entryState non è tra gli stati",
  'closing-state-unknown': 'Lo stato di chiusura non è tra gli stati',
  'state-sms-unknown': "Lo stato invia un SMS che non è tra gli smsConfigs",
  'state-webapp-unknown': 'Lo stato apre una webapp che non è tra i webappConfigs',
  'outcome-duplicate': "L'esito compare due volte",
  'array-config-field-missing': 'arrayConfig nomina un campo che il modello dati non ha',
  'array-config-not-array': 'arrayConfig nomina un campo che non è un array',
  'array-config-invalid': 'arrayConfig deve indicare modal, attachment o doc',
  'widget-icon-empty': "Il widget ha un'icona vuota",
  'widget-name-empty': 'Il widget ha un nome vuoto',
  'shortlink-link-invalid': 'Il collegamento non è né un indirizzo http(s) né un percorso',
  'shortlink-label-empty': 'Il collegamento non ha etichetta',
  'bulk-action-state-unknown': "L'azione massiva porta a uno stato che non esiste",
  'bulk-action-regex-invalid': "L'espressione regolare del parametro non è valida: accetterà qualsiasi valore",
  'template-placeholder-unknown': 'Il segnaposto del modello non è un campo di input',
  'template-phone-field-unknown': 'phoneField non è un campo di input',
  'disposition-duplicate': 'Il valore della disposizione compare due volte tra i fratelli',
  'disposition-too-deep': 'Una disposizione ha al massimo tre livelli',
  'report-duplicate': "L'id del report compare due volte",
  'report-template-missing': 'Il report non indica un templateName: è nascosto',
  'report-template-unknown': 'Il report indica un modello sconosciuto',
  'permission-unknown': 'Non è un permesso conosciuto',
  'home-path-not-a-route': 'Il percorso iniziale non è una schermata dell\'app',
  'check-failed': 'Il workspace non ha potuto essere verificato',
  'json-object': 'Il documento deve essere un oggetto JSON',
};

/** One translator problem as the API sends it, its message in `language`. */
export function localizeProblem(problem: RuledProblem, language: ProblemLanguage): ConfigProblem {
  const sentence = language === 'it' ? IT[problem.rule] : undefined;
  const where = problem.pointer || '/';
  return {
    document: problem.document,
    pointer: problem.pointer,
    rule: problem.rule,
    message: sentence ? `${sentence} (${problem.document === 'workspace' ? 'workspace' : 'modello dati'} ${where})` : problem.message,
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
    problems.unshift({ document: 'workspace', pointer: '/id', rule: 'workspace-id-mismatch', message: `The workspace's id '${String(draftId)}' is not '${id}', the workspace being edited`, severity: 'error' });
  }
  return problems;
}

/** draftProblems in `language`. */
export const localizedDraftProblems = (workspace: unknown, dataModel: unknown, id: string | undefined, language: ProblemLanguage, options: ValidationOptions = {}): ConfigProblem[] =>
  draftProblems(workspace, dataModel, id, options).map((problem) => localizeProblem(problem, language));
