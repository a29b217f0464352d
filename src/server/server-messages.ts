import type { ProblemLanguage } from '@translator/problem-messages';

/**
 * The refusals the server answers with, each in English and Italian, `{name}` marking where a value goes (ids, field
 * names, workspaces) and `{name:one|other}` the words that agree with it: `one` for a count of 1 (a number, a numeric
 * text, or a list of one), `other` for any other. A throw site says which message with which values (`say`); the error
 * handler words it in the caller's language (`requestLanguage`). Texts the spec quotes and the browser reacts to ('Password has expired',
 * 'FILE NON SUPPORTATO', 'NUOVO CONTATTO NON DISPONIBILE', 'user name already used'…) are not here: they are sent as
 * they are, in every language. The English texts are the server's own words (logs, tests, API clients).
 */
export const SERVER_MESSAGES = {
  // Access: permissions, workspaces, data models
  missingPermission: { en: 'Missing permission: {permissions}', it: 'Permesso mancante: {permissions}' },
  roleRuleRefused: { en: 'Not allowed by the {rule} rule', it: 'Non consentito dalla regola {rule}' },
  workspaceNotFound: { en: 'Workspace {id} not found', it: 'Workspace {id} non trovato' },
  workspaceNotEnabled: { en: 'Workspace {workspace} is not enabled for this user', it: 'Il workspace {workspace} non è abilitato per questo utente' },
  dataModelNotFound: { en: 'Data model {id} not found', it: 'Modello dati {id} non trovato' },
  dataModelNotYours: { en: 'Data model {id} belongs to no workspace of this user', it: 'Il modello dati {id} non appartiene a nessun workspace di questo utente' },
  configurationDoesNotTranslate: { en: 'The configuration of workspace {id} does not translate', it: 'La configurazione del workspace {id} non si traduce in moduli' },
  workspaceConfigurationInvalid: { en: 'The workspace configuration is not valid', it: 'La configurazione del workspace non è valida' },
  unknownTimezone: { en: "{field} '{timezone}' is not a known time zone", it: "{field} '{timezone}' non è un fuso orario conosciuto" },
  unstorableText: { en: '{field} contains a character that cannot be stored (NUL or a lone surrogate)', it: '{field} contiene un carattere che non può essere salvato (NUL o un surrogato isolato)' },

  // Contacts: reading, taking, releasing
  contactNotFound: { en: 'Contact {id} not found', it: 'Contatto {id} non trovato' },
  contactNotFoundInWorkspace: { en: 'Contact {id} not found in workspace {workspace}', it: 'Contatto {id} non trovato nel workspace {workspace}' },
  contactNotSeen: { en: 'Contact {id} is not among the contacts you see', it: 'Il contatto {id} non è tra i contatti che vedi' },
  contactNotAssignedToYou: { en: 'Contact {id} is not assigned to you: take it before changing it', it: 'Il contatto {id} non è assegnato a te: prendilo in carico prima di modificarlo' },
  contactAssignedToOther: {
    en: "Contact {id} is assigned to another user: only they, or a role that may act on others' contacts, may change it",
    it: 'Il contatto {id} è assegnato a un altro utente: può modificarlo solo lui, o un ruolo che può agire sui contatti altrui',
  },
  takeAssigned: { en: 'Contact already assigned', it: 'Contatto già assegnato' },
  takeSuspended: { en: 'A suspended contact cannot be taken', it: 'Un contatto sospeso non può essere preso in carico' },
  takeNotProcessable: { en: 'A contact that is not processable cannot be taken', it: 'Un contatto non lavorabile non può essere preso in carico' },
  takeClosed: { en: 'A closed contact cannot be taken', it: 'Un contatto chiuso non può essere preso in carico' },
  takeNextUnavailable: { en: 'Taking the next contact is not available in this workspace', it: 'La presa in carico del contatto successivo non è disponibile in questo workspace' },
  releaseNotAssigned: { en: 'Contact is not assigned', it: 'Il contatto non è assegnato' },
  releaseNotYours: { en: 'Only the assigned agent or their team leader may release this contact', it: "Solo l'operatore assegnato o il suo team leader può rilasciare questo contatto" },
  releaseChanged: { en: 'Contact assignment changed meanwhile', it: "L'assegnazione del contatto è cambiata nel frattempo" },
  customFilterMissing: { en: 'This workspace has no custom filter rule', it: 'Questo workspace non ha una regola di filtro personalizzato' },
  pageTooLong: { en: 'length must be <= {max}', it: 'length deve essere <= {max}' },

  // Contacts: the list's filters, sort and the workspace's custom filter rule
  filterNotAField: { en: "{field} is not a field of the data model's {section}", it: '{field} non è un campo di {section} del modello dati' },
  filterNumber: { en: '{field} must be a number', it: '{field} deve essere un numero' },
  filterBoolean: { en: '{field} must be a boolean', it: '{field} deve essere un valore sì/no' },
  filterString: { en: '{field} must be a string', it: '{field} deve essere un testo' },
  filterArrayField: { en: '{field} is an array field and cannot be filtered', it: '{field} è un campo elenco e non si può filtrare' },
  filterContainsText: { en: '{field} contains applies to string and text fields only', it: '{field}: contains vale solo per i campi di testo' },
  filterRangeTypes: { en: '{field} ranges apply to number, date and time fields only', it: '{field}: gli intervalli valgono solo per i campi numero, data e ora' },
  filterShape: { en: '{field} must be a value, a list of values, {range} or {contains}', it: '{field} deve essere un valore, un elenco di valori, {range} o {contains}' },
  sortUnknown: { en: "Cannot sort by '{sort}': it is neither a contact column nor a field of the data model", it: "Impossibile ordinare per '{sort}': non è né una colonna del contatto né un campo del modello dati" },
  ruleUnknownField: { en: "customFilterConfig.rule names '{path}', which is not a contact field", it: "customFilterConfig.rule nomina '{path}', che non è un campo del contatto" },
  ruleUnsupportedOperand: { en: 'customFilterConfig.rule has an unsupported operand {operand}', it: 'customFilterConfig.rule ha un operando non supportato {operand}' },
  ruleUnsupportedPart: { en: 'customFilterConfig.rule has an unsupported part {part}', it: 'customFilterConfig.rule ha una parte non supportata {part}' },
  ruleEqualityOneFieldOneValue: { en: 'customFilterConfig.rule compares must set one contact field against one value', it: 'customFilterConfig.rule: un confronto deve mettere un campo del contatto di fronte a un valore' },
  ruleOneFieldOneValue: { en: 'customFilterConfig.rule {operator} must set one contact field against one value', it: 'customFilterConfig.rule: {operator} deve confrontare un campo del contatto con un valore' },
  ruleNeedsNumberOrString: { en: 'customFilterConfig.rule {operator} needs a number or a string', it: 'customFilterConfig.rule: {operator} richiede un numero o un testo' },
  ruleOneOperator: { en: 'customFilterConfig.rule must have one operator per object', it: 'customFilterConfig.rule deve avere un solo operatore per oggetto' },
  ruleInLiteralList: { en: "customFilterConfig.rule 'in' is supported over a literal list only", it: "customFilterConfig.rule: 'in' è supportato solo su un elenco di valori" },
  ruleUnsupportedOperator: { en: "customFilterConfig.rule uses '{operator}', which the server cannot turn into a query", it: "customFilterConfig.rule usa '{operator}', che il server non sa trasformare in una ricerca" },

  // Contacts: saving, editing, closing, creating
  staleVersion: { en: 'The contact was changed meanwhile: reload it and apply your changes again', it: 'Il contatto è stato modificato nel frattempo: ricaricalo e applica di nuovo le modifiche' },
  savedClosed: { en: 'A closed contact cannot be saved', it: 'Un contatto chiuso non può essere salvato' },
  savedNotProcessable: { en: 'A contact that is not processable cannot be saved', it: 'Un contatto non lavorabile non può essere salvato' },
  alreadyClosed: { en: 'The contact is already closed', it: 'Il contatto è già chiuso' },
  cloneDisabled: { en: 'Cloning is not enabled for this workspace', it: 'La clonazione non è abilitata per questo workspace' },
  entryStateNotManual: { en: "The entry state '{state}' is not manual: contacts cannot be created in this workspace", it: "Lo stato iniziale '{state}' non è manuale: in questo workspace non si possono creare contatti" },
  // The contact screen's state, outcome, notes and assignee: said to the person saving (`field` names the field)
  stateUnknown: { en: "The state '{state}' is not a state of this workspace", it: "Lo stato '{state}' non è uno stato di questo workspace" },
  stateNotManual: { en: "The state '{state}' cannot be chosen by an agent", it: "Lo stato '{state}' non può essere scelto da un operatore" },
  stateTakesNoNotes: { en: "The state '{state}' takes no notes", it: "Lo stato '{state}' non accetta note" },
  noOutcomes: { en: 'This workspace has no outcomes', it: 'Questo workspace non ha esiti' },
  outcomeUnknown: { en: "The outcome '{outcome}' is not one of {outcomes}", it: "L'esito '{outcome}' non è tra {outcomes}" },
  assignOnlyYourself: { en: 'You may only assign the contact to yourself', it: 'Puoi assegnare il contatto solo a te stesso' },
  assigneeInactive: { en: 'The user {agent} is not active', it: "L'utente {agent} non è attivo" },
  assigneeNotYours: { en: 'You may not assign contacts to the user {agent}', it: "Non puoi assegnare contatti all'utente {agent}" },
  assigneeCannotOpen: { en: 'The user {agent} cannot open workspace {workspace}', it: "L'utente {agent} non può aprire il workspace {workspace}" },
  fieldNotInWorkspace: { en: '{field} is not a field of workspace {workspace}', it: '{field} non è un campo del workspace {workspace}' },
  fieldNotInDataModel: { en: '{field} is not a field of the data model', it: '{field} non è un campo del modello dati' },
  enumValueUnknown: { en: "{field}: '{value}' is not one of the field's values", it: "{field}: '{value}' non è uno dei valori del campo" },
  enumValueUnknownFor: { en: "{field}: '{value}' is not one of the field's values for {parents}", it: "{field}: '{value}' non è uno dei valori del campo per {parents}" },

  // A value against its form (contact forms, SMS form, bulk action parameters): `field` says which, with its label
  valueRequired: { en: '{field} is required', it: '{field} è obbligatorio' },
  valuePattern: { en: '{field} does not match {pattern}', it: '{field} non rispetta il formato {pattern}' },
  valueFormat: { en: '{field} must be a {format}', it: '{field} deve avere il formato {format}' },
  valueType: { en: '{field} must be {type}', it: '{field} deve essere di tipo {type}' },
  valueNotAllowed: { en: '{field} must be one of the configured values', it: '{field} deve essere uno dei valori configurati' },
  valueInvalid: { en: '{field} {detail}', it: '{field} non è valido ({detail})' },

  // The request's own schema (ajv): the English is ajv's, the Italian says the same from its parameters
  schemaNotAllowed: { en: '{field} is not allowed', it: '{field} non è ammesso' },
  schemaType: { en: '{field} {detail}', it: '{field} deve essere di tipo {type}' },
  schemaLimit: { en: '{field} {detail}', it: '{field} deve essere {comparison} {limit}' },
  schemaMinLength: { en: '{field} {detail}', it: '{field} deve avere almeno {limit} {limit:carattere|caratteri}' },
  schemaMaxLength: { en: '{field} {detail}', it: '{field} deve avere al massimo {limit} {limit:carattere|caratteri}' },
  schemaMinItems: { en: '{field} {detail}', it: '{field} deve avere almeno {limit} {limit:elemento|elementi}' },
  schemaMaxItems: { en: '{field} {detail}', it: '{field} deve avere al massimo {limit} {limit:elemento|elementi}' },
  schemaPattern: { en: '{field} {detail}', it: '{field} non rispetta il formato {pattern}' },
  // A contact id (CONTACT_ID_PATTERN) said for a person, not as its regular expression
  schemaContactId: { en: '{field} is not a valid id (24 hexadecimal characters)', it: '{field} non è un identificativo valido (24 caratteri esadecimali)' },
  schemaFormat: { en: '{field} {detail}', it: '{field} deve avere il formato {format}' },
  schemaEnum: { en: '{field} {detail}', it: '{field} deve essere uno dei valori ammessi: {allowed}' },
  schemaConst: { en: '{field} {detail}', it: '{field} deve valere {allowed}' },
  schemaUniqueItems: { en: '{field} {detail}', it: '{field} non può avere elementi ripetuti' },
  multipartUnreadable: { en: 'The multipart body cannot be read: {detail}', it: 'Il corpo multipart non si può leggere: {detail}' },

  // Attachments and documents
  notAnAttachmentList: { en: '{field} is not an attachment list of this workspace', it: '{field} non è un elenco di allegati di questo workspace' },
  notADocumentList: { en: '{field} is not a document list of this workspace', it: '{field} non è un elenco di documenti di questo workspace' },
  attachmentsClosed: { en: 'The contact is closed: its attachments cannot change', it: 'Il contatto è chiuso: i suoi allegati non possono cambiare' },
  attachmentsNotProcessable: { en: 'The contact is not processable: its attachments cannot change', it: 'Il contatto non è lavorabile: i suoi allegati non possono cambiare' },
  attachmentsFull: { en: '{field} already holds {max} {max:file|files}, the most it may', it: '{field} contiene già {max} file, il massimo consentito' },
  attachmentNoStoredFile: { en: 'Attachment {field}/{name} has no stored file', it: "L'allegato {field}/{name} non ha un file salvato" },
  attachmentNotFound: { en: 'Attachment {field}/{name} not found', it: 'Allegato {field}/{name} non trovato' },
  documentNotFound: { en: 'Document {field}/{name} not found', it: 'Documento {field}/{name} non trovato' },
  sendMultipart: { en: 'fileContent: send the file as multipart/form-data', it: 'fileContent: invia il file come multipart/form-data' },
  sendFlowFile: { en: 'fileContent: send the file as multipart/form-data (a file part, or a data URL)', it: 'fileContent: invia il file come multipart/form-data (una parte file, o un data URL)' },
  fileContentRequired: { en: 'fileContent is required', it: 'fileContent è obbligatorio' },
  bulkFileEmpty: { en: 'The file is empty: its first line must name the columns {columns}', it: 'Il file è vuoto: la prima riga deve indicare le colonne {columns}' },
  bulkFileHeader: {
    en: 'The first line of the file must name the columns {columns} ({missing:missing column|missing columns}: {missing})',
    it: 'La prima riga del file deve indicare le colonne {columns} ({missing:manca la colonna|mancano le colonne} {missing})',
  },

  // Actions, widgets, SMS
  actionNotFound: { en: 'Action {action} not found', it: 'Azione {action} non trovata' },
  actionContactClosed: { en: 'The contact is closed', it: 'Il contatto è chiuso' },
  actionContactNotProcessable: { en: 'The contact is not processable', it: 'Il contatto non è lavorabile' },
  actionNotYours: { en: 'Take the contact to run its actions: it is not assigned to you', it: 'Prendi in carico il contatto per eseguirne le azioni: non è assegnato a te' },
  actionDisabled: { en: 'The action is disabled', it: "L'azione è disabilitata" },
  messageCannotBeSent: { en: 'The message cannot be sent', it: 'Il messaggio non può essere inviato' },
  noRecipient: { en: 'No recipient: the contact has no phone number and none was given', it: 'Nessun destinatario: il contatto non ha un numero di telefono e non ne è stato indicato uno' },
  notAPhoneNumber: { en: "'{recipient}' is not a phone number (optional +39, then 9 or 10 digits)", it: "'{recipient}' non è un numero di telefono (+39 facoltativo, poi 9 o 10 cifre)" },
  fieldProblem: { en: '{field}: {problem}', it: '{field}: {problem}' },
  widgetNotFound: { en: 'Widget {id} not found', it: 'Widget {id} non trovato' },
  smsUnknownTemplate: { en: "The SMS template '{id}' is not one of this workspace", it: "Il modello SMS '{id}' non è tra quelli di questo workspace" },
  smsNoPhoneField: { en: "The SMS template '{id}' names no phone field (phoneField), so the SMS has no recipient", it: "Il modello SMS '{id}' non indica il campo del telefono (phoneField), quindi l'SMS non ha destinatario" },
  smsFieldUnknown: { en: '{field} is not a field of the SMS form', it: '{field} non è un campo del modulo SMS' },

  // Events, dashboards, reports
  fromAfterTo: { en: 'The start date must not be after the end date', it: 'La data di inizio non può essere successiva alla data di fine' },
  createdFromAfterTo: { en: 'createdFrom must not be after createdTo', it: 'createdFrom non può essere successivo a createdTo' },
  eventNotFound: { en: 'Event {id} not found', it: 'Evento {id} non trovato' },
  fromInFuture: { en: 'from must not be in the future', it: 'from non può essere nel futuro' },
  durationTooLong: { en: 'from: the duration may be at most {max} {max:day|days}', it: 'from: la durata può essere al massimo di {max} {max:giorno|giorni}' },
  notAStateOf: { en: "{field} '{state}' is not a state of workspace {workspace}", it: "{field} '{state}' non è uno stato del workspace {workspace}" },
  reportsNotForRole: { en: 'Reports are not available to your role', it: 'I report non sono disponibili per il tuo ruolo' },
  reportNotFound: { en: 'Report {id} not found in workspace {workspace}', it: 'Report {id} non trovato nel workspace {workspace}' },
  reportNotEnabled: { en: 'Report {id} is not enabled for you', it: 'Il report {id} non è abilitato per te' },
  reportUnknownTemplate: { en: 'Report {id} names no known template', it: 'Il report {id} non indica un modello conosciuto' },
  reportInvalidInterval: { en: 'Invalid interval', it: 'Intervallo di date non valido' },
  reportInvalidIntervalMax: { en: 'Invalid interval: at most {maxRange} {maxRange:day|days}', it: 'Intervallo di date non valido: massimo {maxRange} {maxRange:giorno|giorni}' },
  reportNotRenderable: { en: 'This report cannot be shown: export the CSV', it: 'Questo report non può essere visualizzato: esporta il CSV' },
  teamFilterNotForRole: { en: '{field}: the team filter is not available to your role', it: '{field}: il filtro per team non è disponibile per il tuo ruolo' },
  reportNoContactFilter: { en: 'extraFilters.contactProp: this report has no contact filter', it: 'extraFilters.contactProp: questo report non ha un filtro per contatto' },
  reportNoRefFilter: { en: 'extraFilters.refProp: this report has no reference filter', it: 'extraFilters.refProp: questo report non ha un filtro per riferimento' },
  reportNoContactProperty: { en: 'extraFilters.contactProp: the data model names no contact property', it: 'extraFilters.contactProp: il modello dati non indica una proprietà del contatto' },
  outsourcerNotVisible: { en: "{field}: outsourcer '{id}' is not one you may see", it: "{field}: l'outsourcer '{id}' non è tra quelli che puoi vedere" },
  siteNotVisible: { en: "{field}: call centre '{id}' is not one you may see", it: "{field}: il call center '{id}' non è tra quelli che puoi vedere" },
  teamNotVisible: { en: "{field}: team '{id}' is not one you may see", it: "{field}: il team '{id}' non è tra quelli che puoi vedere" },

  // Enum values, bulk actions, dispositions, the embedded entry
  enumNotConfigured: { en: '{section}.{field} has no enum configuration in workspace {workspace}', it: '{section}.{field} non ha una configurazione enum nel workspace {workspace}' },
  bulkActionNotFound: { en: 'Bulk action {key} not found in workspace {workspace}', it: 'Azione massiva {key} non trovata nel workspace {workspace}' },
  bulkActionUnknownState: { en: "Bulk action {key} names the unknown state '{state}'", it: "L'azione massiva {key} indica lo stato sconosciuto '{state}'" },
  bulkAgentsRequired: { en: 'agentsToBeAssigned must name at least one agent', it: 'agentsToBeAssigned deve indicare almeno un operatore' },
  bulkAgentsTooMany: { en: 'agentsToBeAssigned may name at most {max} {max:agent|agents}', it: 'agentsToBeAssigned può indicare al massimo {max} {max:operatore|operatori}' },
  bulkAgentNotAssignable: { en: "{field} '{agent}' is not an agent this user may assign", it: "{field} '{agent}' non è un operatore a cui questo utente può assegnare contatti" },
  bulkParamUnknown: { en: '{field} is not a parameter of this action', it: '{field} non è un parametro di questa azione' },
  dispositionNotOffered: { en: "{level}: '{value}' is not offered, the level above has no children", it: "{level}: '{value}' non è disponibile, il livello superiore non ha sotto-livelli" },
  dispositionRequiredUnder: { en: "{level} is required: '{parent}' has further levels", it: "{level} è obbligatorio: '{parent}' ha altri livelli" },
  dispositionUnknown: { en: "{level}: '{value}' is not a disposition of this level", it: "{level}: '{value}' non è un esito di questo livello" },
  noDispositionTree: { en: 'Workspace {id} has no disposition tree (dispositionConfig)', it: 'Il workspace {id} non ha un albero degli esiti chiamata (dispositionConfig)' },
  contactOrGuidRequired: { en: 'contactId or guid is required', it: 'contactId o guid è obbligatorio' },
  refNotAnInput: { en: "ref '{ref}' is not an input field of workspace {workspace}'s data model", it: "ref '{ref}' non è un campo di input del modello dati del workspace {workspace}" },

  // Users, teams, organisation
  workspaceIdRequired: { en: 'workspaceId is required: the session is bound to no workspace', it: 'workspaceId è obbligatorio: la sessione non è legata a nessun workspace' },
  userNotFound: { en: 'User {id} not found', it: 'Utente {id} non trovato' },
  groupUnknown: { en: "group '{group}' does not exist", it: "il gruppo '{group}' non esiste" },
  groupNotTheUsers: { en: "group '{group}' is not one of the user's groups", it: "il gruppo '{group}' non è tra i gruppi dell'utente" },
  newUserHidden: { en: 'Creating users is hidden for role {role} in this workspace (viewsConfig setting.newUserHidden)', it: 'La creazione di utenti è nascosta per il ruolo {role} in questo workspace (viewsConfig setting.newUserHidden)' },
  mayNotReset: { en: 'You may not reset the password of {user}', it: 'Non puoi reimpostare la password di {user}' },
  mayNotLock: { en: 'You may not lock {user}', it: 'Non puoi bloccare {user}' },
  mayNotToggleWorkspace: { en: 'You may not change workspace {workspace} for {user}', it: 'Non puoi cambiare il workspace {workspace} per {user}' },
  mayNotToggleReports: { en: 'You may not change the reports of {user}', it: 'Non puoi cambiare i report di {user}' },
  mayNotManageWorkspaces: { en: 'You may not manage the workspaces of {user}', it: 'Non puoi gestire i workspace di {user}' },
  organisationNotFound: { en: '{level} {id} not found', it: '{level} {id} non trovato' },
  organisationOutside: { en: '{level} {id} is outside your part of the organisation', it: "{level} {id} è fuori dalla tua parte dell'organizzazione" },
  teamNotFound: { en: 'Team {id} not found', it: 'Team {id} non trovato' },
  teamOutside: { en: 'Team {id} is outside your part of the organisation', it: "Il team {id} è fuori dalla tua parte dell'organizzazione" },
  profilingDisabled: { en: 'Workspace {id} has profilingDisabled: only an admin changes it', it: 'Il workspace {id} ha profilingDisabled: solo un admin può cambiarlo' },
  passwordTooShort: { en: 'newPassword must be at least {min} {min:character|characters} long', it: 'newPassword deve avere almeno {min} {min:carattere|caratteri}' },
  passwordLowercase: { en: 'newPassword must contain a lower-case letter', it: 'newPassword deve contenere una lettera minuscola' },
  passwordUppercase: { en: 'newPassword must contain an upper-case letter', it: 'newPassword deve contenere una lettera maiuscola' },
  passwordDigit: { en: 'newPassword must contain a digit', it: 'newPassword deve contenere una cifra' },
  passwordSpecial: { en: 'newPassword must contain a special character among !@#$%^&*', it: 'newPassword deve contenere un carattere speciale tra !@#$%^&*' },
  passwordSameAsOld: { en: 'newPassword must differ from oldPassword', it: 'newPassword deve essere diversa da oldPassword' },

  // File flows
  flowNotFound: { en: 'Flow {id} not found', it: 'Flusso {id} non trovato' },
  flowDisabled: { en: 'Flow {id} is disabled: enable it to load files', it: 'Il flusso {id} è disabilitato: abilitalo per caricare file' },
  importNotFound: { en: 'Import {id} not found', it: 'Importazione {id} non trovata' },
  rejectedFileNotFound: { en: 'Rejected file {id} not found', it: 'File scartato {id} non trovato' },
  rejectedFileHandled: { en: 'Rejected file {id} has already been handled by a reload', it: 'Il file scartato {id} è già stato gestito da un ricaricamento' },
  flowFileEmpty: { en: 'The file {name} is empty: a flow file starts with its header line', it: 'Il file {name} è vuoto: un file del flusso inizia con la riga di intestazione' },

  // Workspace configuration
  notAmongYourWorkspaces: { en: 'Workspace {id} is not among your workspaces', it: 'Il workspace {id} non è tra i tuoi workspace' },
  noWorkspaceconfigPermission: { en: 'Workspace {id} does not give you the workspaceconfig permission', it: 'Il workspace {id} non ti dà il permesso workspaceconfig' },
  workspaceVersionNotFound: { en: 'Workspace {id} has no version {version}', it: 'Il workspace {id} non ha la versione {version}' },
  workspaceAlreadyExists: { en: 'Workspace {id} already exists', it: 'Il workspace {id} esiste già' },
  workspacePublishedMeanwhile: {
    en: 'Workspace {id} is at version {version} (data model version {dataModelVersion}): someone published since version {baseVersion}',
    it: 'Il workspace {id} è alla versione {version} (modello dati alla versione {dataModelVersion}): qualcuno ha pubblicato dopo la versione {baseVersion}',
  },
  configurationProblems: { en: 'The configuration has {count} {count:problem|problems}', it: 'La configurazione ha {count} {count:problema|problemi}' },
  draftDoesNotTranslate: { en: 'The draft does not translate', it: 'La bozza non si traduce in moduli' },

  // The fixture gallery
  fixtureNotFound: { en: 'No fixture {slug}', it: 'Nessuna fixture {slug}' },
  fixtureIncomplete: { en: 'Fixture {slug} has no workspace.json or data-model.json', it: 'La fixture {slug} non ha workspace.json o data-model.json' },
} as const satisfies Record<string, { readonly en: string; readonly it: string }>;

export type MessageKey = keyof typeof SERVER_MESSAGES;
export type MessageLanguage = ProblemLanguage;

/** `{name}` and `{name:one|other}` both need the value `name`. */
type PlaceholderName<T extends string> = T extends `${infer Name}:${string}` ? Name : T;
type Placeholders<S extends string> = S extends `${string}{${infer Inner}}${infer Rest}` ? PlaceholderName<Inner> | Placeholders<Rest> : never;
type PlaceholdersOf<K extends MessageKey> = Placeholders<(typeof SERVER_MESSAGES)[K]['en']> | Placeholders<(typeof SERVER_MESSAGES)[K]['it']>;

/** A list said as alternatives: "a or b", "a o b". */
export interface Alternatives { readonly anyOf: readonly string[] }
/** A value a message carries: a text, a number, a list (comma-separated), alternatives, or another message. */
export type MessageValue = string | number | readonly string[] | Alternatives | Said;
export type MessageValues<K extends MessageKey> = { readonly [Name in PlaceholdersOf<K>]: MessageValue };

/** Which message, with which values: worded when the answer leaves, in the language of whoever reads it. */
export interface Said {
  readonly key: MessageKey;
  readonly values: Readonly<Record<string, MessageValue>>;
}
/** Several messages said as one, joined by '; ' (a 400's summary of its problems). */
export interface Joined { readonly joined: readonly Text[] }
/** What a failure says: a catalogue message, several of them, or a fixed text (said the same in every language). */
export type Text = string | Said | Joined;

export function say<K extends MessageKey>(key: K, ...values: [PlaceholdersOf<K>] extends [never] ? [] : [MessageValues<K>]): Said {
  return { key, values: values[0] ?? {} };
}

export const anyOf = (items: readonly string[]): Alternatives => ({ anyOf: items });

/** A workspace as a message names it to a person: its name, else (a document without one) its id. */
export const workspaceNamed = (workspace: { readonly id: string; readonly name?: unknown }): string =>
  typeof workspace.name === 'string' && workspace.name.trim() ? workspace.name : workspace.id;

const OR: Record<MessageLanguage, string> = { en: ' or ', it: ' o ' };

function valueIn(value: MessageValue, language: MessageLanguage): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.join(', ');
  if ('anyOf' in value) return value.anyOf.join(OR[language]);
  return sayIn(value as Said, language);
}

const PLURALS: Record<MessageLanguage, Intl.PluralRules> = { en: new Intl.PluralRules('en'), it: new Intl.PluralRules('it') };

/** The count a value gives the words that agree with it: a number, a numeric text, a list's length; else none. */
function countOf(value: MessageValue): number | null {
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : null;
  if (Array.isArray(value)) return value.length;
  return null;
}

/** `{name}`, or `{name:one|other}`: the words for the value's count (`other` when it has none). */
const PLACEHOLDER = /\{(\w+)(?::([^{}|]*)\|([^{}]*))?\}/g;

/** A failure's text in `language`. */
export function sayIn(text: Text, language: MessageLanguage): string {
  if (typeof text === 'string') return text;
  if ('joined' in text) return text.joined.map((part) => sayIn(part, language)).join('; ');
  const template: string = SERVER_MESSAGES[text.key][language];
  return template.replace(PLACEHOLDER, (whole, name: string, one: string | undefined, other: string | undefined) => {
    if (!Object.prototype.hasOwnProperty.call(text.values, name)) return whole;
    const value = text.values[name];
    if (one === undefined || other === undefined) return valueIn(value, language);
    const count = countOf(value);
    return count !== null && PLURALS[language].select(count) === 'one' ? one : other;
  });
}

