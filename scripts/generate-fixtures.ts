/**
 * Writes fixtures/workspaces/<slug>/{workspace,data-model,enums,contacts}.json deterministically (seeded PRNG).
 * `npx tsx scripts/generate-fixtures.ts`. enums.json holds the values of remote enums (url / remoteValues), each
 * with the parent values it belongs to, for the server's enum call.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DataModel, Field, FieldMap } from '@domain/generated/data-model';
import type { Workspace, RoleViewsConfig, EnumConfig, DispositionNode } from '@domain/generated/workspace';
import type { Contact } from '@domain/generated/contact';
import { PHONE_PATTERN } from '@domain/constants';
import { FIXTURE_EPOCH } from '@server/db/seed-events';
import { CAR_MAKES, FIRST_NAMES_F, FIRST_NAMES_M, LAST_NAMES, PLACES, Rng, STREETS, codiceFiscale, emailFor, hhmm, isoDate, mobilePhone } from './generate-fixtures-data';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
type RemoteValue = { value: string; label: string; parents?: Record<string, string> };
type EnumValues = { inputs: Record<string, RemoteValue[]>; outputs: Record<string, RemoteValue[]> };
interface Person { first: string; last: string; female: boolean; birth: Date; cf: string; phone: string; email: string; place: (typeof PLACES)[number]; street: string; civic: string; zip: string }
type Hint = (p: Person, rng: Rng) => unknown;
interface FixtureDef { workspace: Workspace; dataModel: DataModel; enums: EnumValues; hints: Record<string, Hint>; contacts: number; seed: number }

const CF_REGEX = '^[A-Z]{6}[0-9]{2}[A-Z][0-9]{2}[A-Z][0-9]{3}[A-Z]$';
const CAP_REGEX = '^[0-9]{5}$';
const f = (label: string, extra: Partial<Field> = {}): Field => ({ label, ...extra });
const vis = (visible: boolean) => ({ visible });
const ALL_VIEWS = { list: vis(true), show: vis(true), edit: vis(true), insert: vis(true) };
/** A disposition node (spec 2 §2.7): value, label and optional children; three levels at most. */
const dn = (value: string, label: string, children?: DispositionNode[]): DispositionNode => (children ? { value, label, children } : { value, label });
/** The local origin `npm start` serves, so the shipped host page (/embed-host.html) receives the messages. */
const LOCAL_HOST_ORIGIN = 'http://localhost:3000';

function person(rng: Rng): Person {
  const female = rng.chance(0.5);
  const first = rng.pick(female ? FIRST_NAMES_F : FIRST_NAMES_M);
  const last = rng.pick(LAST_NAMES);
  const birth = new Date(Date.UTC(rng.int(1945, 2003), rng.int(0, 11), rng.int(1, 28)));
  const place = rng.pick(PLACES);
  return { first, last, female, birth, cf: codiceFiscale(rng, first, last, birth, female), phone: mobilePhone(rng), email: emailFor(rng, first, last), place, street: rng.pick(STREETS), civic: String(rng.int(1, 180)) + (rng.chance(0.1) ? rng.pick(['A', 'B', 'bis']) : ''), zip: place[3] + rng.digits(2) };
}

const personHints: Record<string, Hint> = {
  nome: (p) => p.first, cognome: (p) => p.last, codiceFiscale: (p) => p.cf, telefono: (p) => p.phone, cellulare: (p) => p.phone,
  email: (p) => p.email, dataNascita: (p) => isoDate(p.birth), provincia: (p) => p.place[1], siglaProvincia: (p) => p.place[2],
  citta: (p) => p.place[0], indirizzo: (p) => p.street, cap: (p) => p.zip, civico: (p) => p.civic,
};

// ---------------------------------------------------------------------------------------------------- energia-casa
function energiaCasa(): FixtureDef {
  const model: FieldMap = {
    clienteId: f('Codice cliente', { dataType: 'string', editable: false, columnIndex: 0, isVisible: true, filterable: true }),
    nome: f('Nome', { required: true, dataType: 'string', columnIndex: 1, isVisible: true, filterable: true, placeholder: 'Mario' }),
    cognome: f('Cognome', { required: true, dataType: 'string', columnIndex: 2, isVisible: true, filterable: true, placeholder: 'Rossi' }),
    codiceFiscale: f('Codice fiscale', { dataType: 'string', dataRegex: CF_REGEX, placeholder: 'RSSMRA80A01H501U', filterable: true }),
    telefono: f('Telefono', { required: true, dataType: 'string', dataRegex: PHONE_PATTERN, columnIndex: 3, isVisible: true, filterable: true }),
    email: f('Email', { dataType: 'string', dataRegex: '^[^@\\s]+@[^@\\s]+\\.[a-z]{2,}$' }),
    dataNascita: f('Data di nascita', { dataType: 'date' }),
    provincia: f('Provincia', { dataType: 'string' }),
    siglaProvincia: f('Sigla provincia', { dataType: 'string', dataRegex: '^[A-Z]{2}$', columnIndex: 4, isVisible: true, filterable: true }),
    citta: f('Comune', { dataType: 'string', columnIndex: 5, isVisible: true }),
    indirizzo: f('Indirizzo', { dataType: 'string' }),
    cap: f('CAP', { dataType: 'string', dataRegex: CAP_REGEX }),
    civico: f('Civico', { dataType: 'string' }),
    fornitura: f('Tipo fornitura', { required: true, dataType: 'string', columnIndex: 6, isVisible: true, filterable: true }),
    tipoOfferta: f('Tipo offerta', { dataType: 'string' }),
    offerta: f('Offerta', { dataType: 'string' }),
    consumoAnnuo: f('Consumo annuo (kWh/Smc)', { dataType: 'number' }),
    codicePod: f('Codice POD/PDR', { dataType: 'string', dataRegex: '^(IT[0-9]{3}E[0-9]{8}|[0-9]{14})$' }),
    orarioRichiamo: f('Orario preferito di richiamo', { dataType: 'time' }),
    privacy: f('Consenso privacy', { dataType: 'boolean', required: true }),
    noteCliente: f('Note cliente', { dataType: 'text', isDetailVisible: false }),
  };
  const outputs: FieldMap = {
    fornitoreAttuale: f('Fornitore attuale', { dataType: 'string', filterable: true, columnIndex: 7, isVisible: true }),
    offertaScelta: f('Offerta scelta', { dataType: 'string' }),
    appuntamento: f('Data appuntamento', { dataType: 'date' }),
    oraAppuntamento: f('Ora appuntamento', { dataType: 'time' }),
    provinciaFornitura: f('Provincia fornitura', { dataType: 'string' }),
    siglaProvinciaFornitura: f('Sigla provincia fornitura', { dataType: 'string' }),
    cittaFornitura: f('Comune fornitura', { dataType: 'string' }),
    viaFornitura: f('Via fornitura', { dataType: 'string' }),
    capFornitura: f('CAP fornitura', { dataType: 'string', dataRegex: CAP_REGEX }),
    civicoFornitura: f('Civico fornitura', { dataType: 'string' }),
    contrattoFirmato: f('Contratto firmato', { dataType: 'boolean', filterable: true, columnIndex: 8, isVisible: false }),
    risparmioStimato: f('Risparmio stimato (€/anno)', { dataType: 'number' }),
    noteOperatore: f('Note operatore', { dataType: 'text', placeholder: 'Dettagli della chiamata' }),
  };
  const home = (path: string, extra: Partial<RoleViewsConfig> = {}): RoleViewsConfig => ({ _home: { path }, ...extra });
  const workspace: Workspace = {
    id: 'energia-casa', name: 'Energia Casa - Vendita Luce e Gas', dataModelId: 'dm-energia-casa', enabled: true, version: 1,
    sessionTimeout: 1_800_000, profilingDisabled: false, parentOrigin: 'https://cti.energiacasa.example', onlyAssignedContacts: true,
    takeConfig: { available: true },
    dispositionConfig: {
      levels: [
        dn('CONTATTATO', 'Contattato', [
          dn('INTERESSATO', 'Interessato', [dn('APPUNTAMENTO', 'Appuntamento fissato'), dn('RICHIAMO', 'Richiamo concordato')]),
          dn('NON_INTERESSATO', 'Non interessato', [dn('PREZZO', 'Prezzo'), dn('GIA_CLIENTE', 'Già cliente'), dn('ALTRO', 'Altro motivo')]),
          dn('CONTRATTO', 'Contratto chiuso'),
        ]),
        dn('NON_CONTATTATO', 'Non contattato', [dn('OCCUPATO', 'Occupato'), dn('NON_RISPONDE', 'Non risponde'), dn('SEGRETERIA', 'Segreteria')]),
        dn('NUMERO_ERRATO', 'Numero errato'),
      ],
      campaigns: {
        'luce-2026': [
          dn('VENDITA', 'Vendita', [
            dn('LUCE', 'Offerta luce', [dn('MONORARIA', 'Monoraria'), dn('BIORARIA', 'Bioraria')]),
            dn('DUAL', 'Luce e gas', [dn('WEB', 'Attivazione web'), dn('CARTACEA', 'Contratto cartaceo')]),
          ]),
          dn('NO_VENDITA', 'Nessuna vendita', [dn('PREZZO', 'Prezzo'), dn('FORNITORE', 'Resta con il fornitore attuale')]),
          dn('RICHIAMARE', 'Da richiamare'),
        ],
      },
    },
    viewsConfig: {
      admin: home('/contacts/list', { views: ALL_VIEWS, dashboard: vis(true), events: vis(true), reports: vis(true), sms: vis(true), flowsmanagement: vis(true), workspaceconfig: vis(true), setting: { visible: true, newUserHidden: false } }),
      manager: home('/dashboard', { views: { list: vis(true), show: vis(true), edit: vis(false), insert: vis(false) }, dashboard: vis(true), reports: vis(true), setting: { visible: true, newUserHidden: true } }),
      'site-manager': home('/dashboard', { views: { list: vis(true), show: vis(true) }, dashboard: vis(true), events: vis(true), reports: vis(true), setting: { visible: true, newUserHidden: true } }),
      'team-leader': home('/contacts/list', { views: ALL_VIEWS, dashboard: vis(true), events: vis(true), reports: vis(true), workspaceconfig: vis(true), setting: { visible: true, newUserHidden: false } }),
      basic: home('/contacts/list', { views: { list: vis(true), show: vis(true), edit: vis(false), insert: vis(true) }, sms: vis(false) }),
      middle: home('/reports', { reports: vis(true), dashboard: vis(true), flowsmanagement: vis(false) }),
    },
    states: {
      NUOVO: { label: 'Nuovo', manual: true },
      DA_RICHIAMARE: { label: 'Da richiamare', manual: true, notes: true },
      APPUNTAMENTO: { label: 'Appuntamento fissato', manual: true, notes: true },
      NON_RISPONDE: { label: 'Non risponde', manual: true },
      CONTRATTO: { label: 'Contratto firmato', manual: true, notes: true },
      NON_INTERESSATO: { label: 'Non interessato', manual: true, notes: true },
      NUMERO_ERRATO: { label: 'Numero errato', manual: false },
    },
    entryState: 'NUOVO', closingStates: ['CONTRATTO', 'NON_INTERESSATO', 'NUMERO_ERRATO'],
    groupsInputs: [
      { label: 'Anagrafica', fields: ['clienteId', 'nome', 'cognome', 'codiceFiscale', 'dataNascita', 'telefono', 'email', 'privacy'], columns: 3 },
      { label: 'Fornitura', fields: ['fornitura', 'tipoOfferta', 'offerta', 'consumoAnnuo', 'codicePod', 'orarioRichiamo'], columns: 2 },
      { label: 'Note', fields: ['noteCliente'], columns: 1 },
    ],
    groupsOutputs: [
      { label: 'Esito commerciale', fields: ['fornitoreAttuale', 'offertaScelta', 'risparmioStimato', 'contrattoFirmato'], columns: 2 },
      { label: 'Appuntamento', fields: ['appuntamento', 'oraAppuntamento', 'noteOperatore'], columns: 2 },
    ],
    enumConfig: {
      inputs: {
        fornitura: { values: [{ label: 'Luce', value: 'luce' }, { label: 'Gas', value: 'gas' }, { label: 'Luce e Gas', value: 'dual' }], buildFilter: true },
        tipoOfferta: { remoteValues: true, cachable: true, buildFilter: true },
        offerta: { url: '/api/cntmng/workspace/energia-casa/enum/inputs/offerta', cachable: false },
      },
      outputs: {
        fornitoreAttuale: { values: ['Enel Energia', 'Edison', 'Eni Plenitude', 'A2A Energia', 'Hera Comm', 'Acea Energia', 'Iren', 'Sorgenia'].map((l) => ({ label: l, value: l.toLowerCase().replace(/\s+/g, '-') })), buildFilter: true, cachable: true },
        offertaScelta: { url: '/api/cntmng/workspace/energia-casa/enum/outputs/offertaScelta', cachable: true },
      },
    },
    inputDependencies: { fornitura: ['tipoOfferta'], tipoOfferta: ['offerta'] },
    outputDependencies: { fornitoreAttuale: ['offertaScelta'] },
    inputAddressConfig: { province: 'provincia', province_acr: 'siglaProvincia', city: 'citta', street: 'indirizzo', zip: 'cap', civic: 'civico' },
    outputAddressConfig: { province: 'provinciaFornitura', province_acr: 'siglaProvinciaFornitura', city: 'cittaFornitura', street: 'viaFornitura', zip: 'capFornitura', civic: 'civicoFornitura' },
    shortlinks: [{ label: 'Listino offerte', link: 'https://intranet.energiacasa.example/listino' }, { label: 'Verifica POD', link: 'https://intranet.energiacasa.example/pod?cf=${codiceFiscale}' }],
    visualConfigs: { agentScript: { inputsTitle: 'DATI CLIENTE', outputsTitle: 'ESITO', scriptTitle: 'COPIONE', script: 'Buongiorno ${nome} ${cognome}, la chiamo per conto di Energia Casa per presentarle le nostre offerte ${fornitura}.' } },
    customFilterConfig: { label: 'Solo clienti con consenso privacy', rule: { '==': [{ var: 'inputs.privacy' }, true] } },
    customReportConfig: [
      { id: 'rep-stati', name: 'Contatti per stato ed esito', renderAllowed: true, templateName: 'contacts_by_state_outcome_day', maxRange: 31, filterContactProp: { enabled: true, label: 'Telefono' }, filterRefProp: { enabled: true, label: 'Id contatto' } },
      { id: 'rep-operatori', name: 'Produttività operatori', renderAllowed: true, templateName: 'agent_productivity_day', maxRange: 31 },
      { id: 'rep-team', name: 'Contatti creati e chiusi per team', renderAllowed: true, templateName: 'contacts_created_closed_team', maxRange: 62 },
      { id: 'rep-eventi', name: 'Esportazione eventi', renderAllowed: false, templateName: 'contact_events_export', maxRange: 7, filterContactProp: { enabled: false, label: 'Telefono' }, filterRefProp: { enabled: true, label: 'Id contatto' } },
      { id: 'rep-fake', name: 'Template interno', templateName: 'interno_fake' },
    ],
    dashboardConfig: { activeDashboards: ['availability', 'contacts', 'agents'], maxAllowedDuration: 15 },
  };
  const offers: Record<string, string[]> = { luce: ['Luce Fissa', 'Luce Indicizzata', 'Luce Verde'], gas: ['Gas Fisso', 'Gas Indicizzato'], dual: ['Dual Fissa', 'Dual Flex'] };
  const enums: EnumValues = { inputs: { tipoOfferta: [], offerta: [] }, outputs: { offertaScelta: [] } };
  for (const [supply, types] of Object.entries(offers)) {
    for (const t of types) {
      const tv = t.toLowerCase().replace(/\s+/g, '-');
      enums.inputs.tipoOfferta.push({ value: tv, label: t, parents: { fornitura: supply } });
      for (const months of [12, 24]) enums.inputs.offerta.push({ value: `${tv}-${months}`, label: `${t} ${months} mesi`, parents: { tipoOfferta: tv } });
    }
  }
  for (const v of workspace.enumConfig?.outputs?.fornitoreAttuale.values ?? []) {
    enums.outputs.offertaScelta.push({ value: `passa-da-${v.value}`, label: `Cambio da ${v.label}`, parents: { fornitoreAttuale: v.value } });
  }
  const hints: Record<string, Hint> = {
    clienteId: (_p, r) => `EC${r.digits(8)}`,
    consumoAnnuo: (_p, r) => r.int(900, 4500),
    codicePod: (_p, r) => `IT${r.digits(3)}E${r.digits(8)}`,
    risparmioStimato: (_p, r) => r.int(40, 420),
    provinciaFornitura: (p) => p.place[1], siglaProvinciaFornitura: (p) => p.place[2], cittaFornitura: (p) => p.place[0],
    viaFornitura: (p) => p.street, capFornitura: (p) => p.zip, civicoFornitura: (p) => p.civic,
    noteCliente: (_p, r) => r.pick(['Preferisce essere chiamato la sera', 'Cliente già in portafoglio gas', 'Richiede preventivo scritto', '']),
    noteOperatore: (_p, r) => r.pick(['', 'Interessato, richiamare dopo la bolletta', 'Ha chiesto invio offerta via email', 'Da verificare consumo reale']),
  };
  return { workspace, dataModel: { id: 'dm-energia-casa', name: 'Energia Casa', version: 1, model, outputs, modelContactProperty: 'telefono' }, enums, hints, contacts: 240, seed: 101 };
}

// ---------------------------------------------------------------------------------------------------- sinistri-auto
function sinistriAuto(): FixtureDef {
  const model: FieldMap = {
    numeroSinistro: f('Numero sinistro', { required: true, dataType: 'string', dataRegex: '^SX-[0-9]{4}-[0-9]{6}$', editable: false, columnIndex: 0, isVisible: true, filterable: true }),
    targa: f('Targa', { required: true, dataType: 'string', dataRegex: '^[A-Z]{2}[0-9]{3}[A-Z]{2}$', columnIndex: 1, isVisible: true, filterable: true, placeholder: 'AB123CD' }),
    marca: f('Marca', { dataType: 'string' }),
    modello: f('Modello', { dataType: 'string' }),
    dataSinistro: f('Data sinistro', { required: true, dataType: 'date', columnIndex: 2, isVisible: true }),
    oraSinistro: f('Ora sinistro', { dataType: 'time' }),
    luogo: f('Luogo del sinistro', { dataType: 'string' }),
    nome: f('Nome contraente', { required: true, dataType: 'string' }),
    cognome: f('Cognome contraente', { required: true, dataType: 'string', columnIndex: 3, isVisible: true, filterable: true }),
    codiceFiscale: f('Codice fiscale', { dataType: 'string', dataRegex: CF_REGEX }),
    telefono: f('Telefono', { required: true, dataType: 'string', dataRegex: PHONE_PATTERN }),
    email: f('Email', { dataType: 'string' }),
    compagnia: f('Compagnia controparte', { dataType: 'string', filterable: true, columnIndex: 4, isVisible: true }),
    tipoSinistro: f('Tipo sinistro', { required: true, dataType: 'string', filterable: true, columnIndex: 5, isVisible: true }),
    dinamica: f('Dinamica', { dataType: 'text' }),
    feriti: f('Presenza di feriti', { dataType: 'boolean' }),
    importoStimato: f('Importo stimato (€)', { dataType: 'number', filterable: true }),
  };
  const outputs: FieldMap = {
    fotoDanni: f('Foto dei danni', { dataType: 'array', arrayMinItems: 0, arrayMaxItems: 10, arrayItemsModel: { nome: f('Nome file', { required: true, dataType: 'string' }), contentType: f('Tipo', { dataType: 'string' }), attachmentId: f('Allegato', { dataType: 'string' }) } }),
    documenti: f('Documenti', { dataType: 'array', arrayMaxItems: 5, arrayItemsModel: { nome: f('Documento', { required: true, dataType: 'string' }), docId: f('Identificativo', { dataType: 'string' }) } }),
    testimoni: f('Testimoni', { dataType: 'array', arrayMinItems: 0, arrayMaxItems: 3, arrayItemsModel: { nome: f('Nome e cognome', { required: true, dataType: 'string' }), telefono: f('Telefono', { dataType: 'string', dataRegex: PHONE_PATTERN }), dichiarazione: f('Dichiarazione', { dataType: 'text' }) } }),
    perizia: f('Perizie', { dataType: 'array', arrayMinItems: 1, arrayMaxItems: 5, required: true, arrayItemsModel: { perito: f('Perito', { required: true, dataType: 'string' }), data: f('Data perizia', { dataType: 'date', required: true }), importo: f('Importo periziato', { dataType: 'number' }) } }),
    responsabilita: f('Responsabilità', { dataType: 'string', filterable: true }),
    liquidato: f('Liquidato', { dataType: 'boolean', filterable: true, columnIndex: 6, isVisible: true }),
    importoLiquidato: f('Importo liquidato (€)', { dataType: 'number' }),
    noteLiquidatore: f('Note liquidatore', { dataType: 'text' }),
  };
  const workspace: Workspace = {
    id: 'sinistri-auto', name: 'Sinistri Auto - Gestione Liquidazioni', dataModelId: 'dm-sinistri-auto', enabled: true, version: 3,
    profilingDisabled: true, cloneEnabled: true, sessionTimeout: 3_600_000, parentOrigin: 'https://crm.assicura.example',
    viewsConfig: {
      admin: { _home: { path: '/contacts/list' }, views: ALL_VIEWS, dashboard: vis(true), events: vis(true), workspaceconfig: vis(true), setting: { visible: true } },
      'team-leader': { _home: { path: '/contacts/list' }, views: ALL_VIEWS, events: vis(true), dashboard: vis(true) },
      basic: { _home: { path: '/contacts/list' }, views: { list: vis(true), show: vis(true), insert: vis(false), edit: vis(false) } },
      middle: { _home: { path: '/dashboard' }, dashboard: vis(true) },
    },
    states: {
      APERTO: { label: 'Aperto', manual: true },
      IN_PERIZIA: { label: 'In perizia', manual: true, notes: true },
      DOCUMENTI_MANCANTI: { label: 'Documenti mancanti', manual: true, notes: true },
      IN_LIQUIDAZIONE: { label: 'In liquidazione', manual: true },
      LIQUIDATO: { label: 'Liquidato', manual: false, notes: true },
      RESPINTO: { label: 'Respinto', manual: true, notes: true },
    },
    entryState: 'APERTO', closingStates: ['LIQUIDATO', 'RESPINTO'],
    groupsInputs: [
      { label: 'Sinistro', fields: ['numeroSinistro', 'dataSinistro', 'oraSinistro', 'luogo', 'tipoSinistro', 'feriti', 'importoStimato'], columns: 3 },
      { label: 'Veicolo', fields: ['targa', 'marca', 'modello'], columns: 3 },
      { label: 'Contraente', fields: ['nome', 'cognome', 'codiceFiscale', 'telefono', 'email', 'compagnia'], columns: 2 },
      { label: 'Dinamica', fields: ['dinamica'], columns: 1 },
    ],
    groupsOutputs: [
      { label: 'Istruttoria', fields: ['perizia', 'testimoni', 'responsabilita'], columns: 1 },
      { label: 'Liquidazione', fields: ['liquidato', 'importoLiquidato', 'noteLiquidatore'], columns: 2 },
      { label: 'Allegati', fields: ['fotoDanni', 'documenti'], columns: 1 },
    ],
    enumConfig: {
      inputs: {
        tipoSinistro: { values: [{ label: 'Tamponamento', value: 'tamponamento' }, { label: 'Scontro laterale', value: 'scontro-laterale' }, { label: 'Urto in parcheggio', value: 'parcheggio' }, { label: 'Furto parziale', value: 'furto-parziale' }, { label: 'Cristalli', value: 'cristalli' }, { label: 'Grandine', value: 'grandine' }], buildFilter: true },
        compagnia: { values: ['Generali', 'UnipolSai', 'Allianz', 'AXA', 'Reale Mutua', 'Vittoria', 'Zurich'].map((l) => ({ label: l, value: l.toLowerCase().replace(/\s+/g, '-') })), buildFilter: true, cachable: true },
      },
      outputs: { responsabilita: { values: [{ label: 'Torto', value: 'torto' }, { label: 'Ragione', value: 'ragione' }, { label: 'Concorso di colpa', value: 'concorso' }], buildFilter: true } },
    },
    arrayConfig: { fotoDanni: { type: 'attachment', label: 'Foto' }, documenti: { type: 'doc', label: 'Documenti' }, testimoni: { type: 'modal' }, perizia: { type: 'modal', label: 'Perizia' } },
    attachmentConfigs: { maxSize: 8_000_000 },
    shortlinks: [{ label: 'Banca dati ANIA', link: 'https://ania.example/sinistri?targa=${targa}' }, { label: 'Manuale liquidazione', link: 'https://intranet.assicura.example/manuale' }],
    widgets: [
      { id: 'w-franchigia', name: 'Verifica franchigia', config: { icon: 'calculator', _notValid: { color: 'orange', icon: 'warning-sign', text: 'Importo sotto franchigia' }, _failed: { color: 'red', icon: 'error', text: 'Calcolo non riuscito' } }, logic: { if: [{ '>': [{ var: 'inputs.importoStimato' }, 500] }, { _isValid: true, franchigia: 500 }, { _isValid: false }] } },
      { id: 'w-antifrode', name: 'Controllo antifrode', config: { icon: 'shield', _failed: { color: 'red', icon: 'error', text: 'Servizio non disponibile' } }, logic: { if: [{ and: [{ var: 'inputs.feriti' }, { '<': [{ var: 'inputs.importoStimato' }, 1000] }] }, { _isValid: false, motivo: 'Feriti con danno basso' }, { _isValid: true }] } },
    ],
    massiveActions: [
      { key: 'assegna', label: 'Assegna a liquidatori', onAction: { type: 'assign', assignMaxAgents: 3 }, associatedFilter: { includeSuspended: false } },
      { key: 'sollecito', label: 'Sollecita documenti', onAction: { type: 'state', state: 'DOCUMENTI_MANCANTI' }, additionalParams: [{ name: 'protocollo', label: 'Numero protocollo', required: true, regex: '^PR-[0-9]{6}$' }, { name: 'nota', label: 'Nota', required: false }], associatedFilter: { states: ['IN_PERIZIA'] } },
      { key: 'priorita', label: 'Alza priorità', onAction: { type: 'priority', priority: 1 } },
    ],
    visualConfigs: { agentScript: { inputsTitle: 'DATI SINISTRO', outputsTitle: 'ISTRUTTORIA', mediaTitle: 'FOTO E DOCUMENTI' } },
    customFilterConfig: { label: 'Sinistri con feriti', rule: { '==': [{ var: 'inputs.feriti' }, true] } },
    permissionRules: { csvExport: { and: [{ in: [{ var: 'user.role' }, ['admin']] }, { '!': [{ var: 'embed' }] }] } },
  };
  const hints: Record<string, Hint> = {
    numeroSinistro: (_p, r) => `SX-${r.int(2023, 2025)}-${r.digits(6)}`,
    targa: (_p, r) => `${r.letters(2)}${r.digits(3)}${r.letters(2)}`,
    luogo: (p) => `${p.street}, ${p.place[0]}`,
    dinamica: (_p, r) => r.pick(['Tamponato al semaforo rosso', 'Urto in retromarcia nel parcheggio del supermercato', 'Scontro all’incrocio, precedenza non rispettata', 'Danni da grandine durante la sosta']),
    importoStimato: (_p, r) => r.int(150, 12000),
    importoLiquidato: (_p, r) => r.int(0, 9000),
    noteLiquidatore: (_p, r) => r.pick(['', 'In attesa della perizia definitiva', 'Documentazione completa']),
    fotoDanni: (_p, r) => Array.from({ length: r.int(0, 3) }, (_, i) => ({ nome: `foto-${i + 1}.jpg`, contentType: 'image/jpeg', attachmentId: r.hex(24) })),
    documenti: (_p, r) => (r.chance(0.6) ? [{ nome: 'Constatazione amichevole.pdf', docId: r.hex(24) }] : []),
    testimoni: (_p, r) => Array.from({ length: r.int(0, 2) }, () => { const w = person(r); return { nome: `${w.first} ${w.last}`, telefono: w.phone, dichiarazione: 'Ho assistito al sinistro' }; }),
    perizia: (_p, r) => [{ perito: `Studio ${r.pick(LAST_NAMES)}`, data: isoDate(new Date(Date.UTC(2025, r.int(0, 5), r.int(1, 28)))), importo: r.int(200, 9000) }],
  };
  const make = (r: Rng) => r.pick(CAR_MAKES);
  let lastMake: (typeof CAR_MAKES)[number] = CAR_MAKES[0];
  hints.marca = (_p, r) => { lastMake = make(r); return lastMake[0]; };
  hints.modello = (_p, r) => r.pick(lastMake[1]);
  return { workspace, dataModel: { id: 'dm-sinistri-auto', name: 'Sinistri Auto', version: 2, model, outputs, modelContactProperty: 'telefono' }, enums: { inputs: {}, outputs: {} }, hints, contacts: 220, seed: 202 };
}

// ---------------------------------------------------------------------------------------------------- sms-promo
function smsPromo(): FixtureDef {
  const model: FieldMap = {
    nome: f('Nome', { required: true, dataType: 'string', columnIndex: 0, isVisible: true }),
    cellulare: f('Cellulare', { required: true, dataType: 'string', dataRegex: PHONE_PATTERN, columnIndex: 1, isVisible: true, filterable: true }),
    codicePromo: f('Codice promo', { required: true, dataType: 'string', dataRegex: '^[A-Z0-9]{8}$', columnIndex: 2, isVisible: true, filterable: true }),
    scadenza: f('Scadenza', { dataType: 'date', required: true }),
    negozio: f('Negozio', { dataType: 'string', filterable: true }),
    importoBuono: f('Importo buono (€)', { dataType: 'number' }),
    cognome: f('Cognome', { dataType: 'string' }),
    canale: f('Canale preferito', { dataType: 'string' }),
    consensoMarketing: f('Consenso marketing', { dataType: 'boolean' }),
    idInterno: f('Id interno CRM', { dataType: 'string', isDetailVisible: false, editable: false }),
  };
  const outputs: FieldMap = {
    smsInviato: f('SMS inviato', { dataType: 'boolean', filterable: true, columnIndex: 3, isVisible: true }),
    dataInvio: f('Data invio', { dataType: 'date' }),
    risposta: f('Risposta cliente', { dataType: 'text' }),
  };
  const negozi = ['Milano Centro', 'Roma Termini', 'Torino Lingotto', 'Napoli Vomero', 'Bologna Fiera'];
  const workspace: Workspace = {
    id: 'sms-promo', name: 'SMS Promo Fedeltà', dataModelId: 'dm-sms-promo', enabled: true, version: 1, sessionTimeout: 900_000,
    parentOrigin: LOCAL_HOST_ORIGIN,
    dispositionConfig: {
      levels: [
        dn('RAGGIUNTO', 'Cliente raggiunto', [
          dn('BUONO_ACCETTATO', 'Buono accettato', [dn('NEGOZIO', 'Userà il buono in negozio'), dn('ONLINE', 'Userà il buono online')]),
          dn('BUONO_RIFIUTATO', 'Buono rifiutato', [dn('NON_INTERESSA', 'Non interessa'), dn('OPT_OUT', 'Chiede opt-out')]),
        ]),
        dn('NON_RAGGIUNTO', 'Cliente non raggiunto', [dn('NON_RISPONDE', 'Non risponde'), dn('SPENTO', 'Telefono spento')]),
        dn('ERRATO', 'Numero errato'),
      ],
      campaigns: {
        'promo-natale': [
          dn('ADESIONE', 'Adesione promo Natale', [
            dn('SMS', 'Conferma via SMS', [dn('SUBITO', 'Invio immediato'), dn('PROGRAMMATO', 'Invio programmato')]),
            dn('EMAIL', 'Conferma via email'),
          ]),
          dn('RIFIUTO', 'Rifiuto', [dn('PREZZO', 'Importo troppo basso'), dn('ALTRO', 'Altro')]),
        ],
      },
    },
    viewsConfig: {
      admin: { _home: { path: '/sms' }, views: ALL_VIEWS, sms: vis(true), events: vis(true), dashboard: vis(true), setting: { visible: true, newUserHidden: false }, workspaceconfig: vis(true) },
      'team-leader': { _home: { path: '/sms' }, views: { list: vis(true), show: vis(true), edit: vis(true) }, sms: vis(true) },
      basic: { _home: { path: '/sms' }, views: { list: vis(true), show: vis(true) }, sms: vis(true) },
      middle: { _home: { path: '/reports' }, reports: vis(true) },
    },
    states: {
      DA_CONTATTARE: { label: 'Da contattare', manual: true },
      SMS_INVIATO: { label: 'SMS inviato', manual: true, onStateReached: { type: 'sms', smsRef: 'promo-base' } },
      PROMEMORIA: { label: 'Promemoria scadenza', manual: true, onStateReached: { type: 'sms', smsRef: 'promo-promemoria' } },
      LANDING: { label: 'Pagina promo inviata', manual: true, onStateReached: { type: 'webapp', webappRef: 'landing-promo' } },
      RISCATTATO: { label: 'Buono riscattato', manual: false },
    },
    entryState: 'DA_CONTATTARE', closingStates: ['RISCATTATO'],
    outcomes: [{ value: 'INTERESSATO', label: 'Interessato' }, { value: 'NON_INTERESSATO', label: 'Non interessato' }, { value: 'RICHIAMARE', label: 'Da richiamare' }, { value: 'OPT_OUT', label: 'Opt-out marketing' }],
    groupsInputs: [
      { label: 'Destinatario', fields: ['nome', 'cellulare', 'codicePromo', 'scadenza'], columns: 2 },
      { label: 'Dettagli promo', fields: ['negozio', 'importoBuono', 'cognome', 'canale', 'consensoMarketing', 'idInterno'], columns: 2 },
    ],
    groupsOutputs: [{ label: 'Invio', fields: ['smsInviato', 'dataInvio', 'risposta'], columns: 3 }],
    enumConfig: {
      inputs: {
        negozio: { values: negozi.map((n) => ({ label: n, value: n.toLowerCase().replace(/\s+/g, '-') })), buildFilter: true },
        canale: { url: '/api/cntmng/workspace/sms-promo/enum/inputs/canale', cachable: true },
      },
    },
    smsConfigs: [
      { id: 'promo-base', name: 'Promo base', msgTemplate: 'Ciao ${nome}, il tuo buono ${codicePromo} da ${importoBuono} euro ti aspetta da ${negozio} fino al ${scadenza}.', phoneField: 'cellulare', sender: 'FEDELTA' },
      { id: 'promo-promemoria', name: 'Promemoria scadenza', msgTemplate: '${nome}, ricorda: il buono ${codicePromo} scade il ${scadenza}!', phoneField: 'cellulare', sender: 'FEDELTA' },
    ],
    webappConfigs: [{ id: 'landing-promo', name: 'Landing promo', msgTemplate: 'Scopri la tua promo: https://promo.example/p/${codicePromo}', url: 'https://promo.example/p/${codicePromo}' }],
    customReportConfig: [
      { id: 'rep-sms', name: 'SMS inviati', renderAllowed: true, templateName: 'outbox_sent_day', maxRange: 30, filterContactProp: { enabled: true, label: 'Cellulare' } },
      { id: 'rep-stati', name: 'Contatti per stato ed esito', renderAllowed: true, templateName: 'contacts_by_state_outcome_day', maxRange: 30 },
    ],
    dashboardConfig: { activeDashboards: ['availability', 'contacts'], maxAllowedDuration: 7 },
  };
  const enums: EnumValues = { inputs: { canale: [{ value: 'sms', label: 'SMS' }, { value: 'whatsapp', label: 'WhatsApp' }, { value: 'email', label: 'Email' }] }, outputs: {} };
  const hints: Record<string, Hint> = {
    codicePromo: (_p, r) => `${r.letters(4)}${r.digits(4)}`,
    scadenza: (_p, r) => isoDate(new Date(Date.UTC(2025, r.int(6, 11), r.int(1, 28)))),
    importoBuono: (_p, r) => r.pick([5, 10, 15, 20, 25, 50]),
    idInterno: (_p, r) => `CRM-${r.digits(7)}`,
    risposta: (_p, r) => r.pick(['', 'Grazie!', 'Passo sabato', 'STOP']),
  };
  return { workspace, dataModel: { id: 'dm-sms-promo', name: 'SMS Promo', version: 1, model, outputs, modelContactProperty: 'cellulare' }, enums, hints, contacts: 210, seed: 303 };
}

// ---------------------------------------------------------------------------------------------------- minimo
function minimo(): FixtureDef {
  const workspace: Workspace = {
    id: 'minimo', name: 'Minimo', dataModelId: 'dm-minimo', enabled: true,
    states: { NUOVO: { label: 'Nuovo', manual: true }, CHIUSO: { label: 'Chiuso', manual: true } },
    entryState: 'NUOVO', closingStates: ['CHIUSO'],
  };
  const model: FieldMap = {
    nome: f('Nome', { required: true }),
    cognome: f('Cognome', { required: true }),
    telefono: f('Telefono', { dataType: 'string', dataRegex: PHONE_PATTERN }),
    note: f('Note', { dataType: 'text' }),
  };
  const outputs: FieldMap = { esito: f('Esito') };
  const hints: Record<string, Hint> = { note: (_p, r) => r.pick(['', 'Richiamare in mattinata']), esito: (_p, r) => r.pick(['', 'Contattato', 'Non raggiungibile']) };
  return { workspace, dataModel: { id: 'dm-minimo', model, outputs, modelContactProperty: 'telefono' }, enums: { inputs: {}, outputs: {} }, hints, contacts: 200, seed: 404 };
}

// ---------------------------------------------------------------------------------------------------- campagna-grande
function campagnaGrande(): FixtureDef {
  const rng = new Rng(5050);
  const model: FieldMap = { ...Object.fromEntries(Object.entries(personHints).map(([k]) => [k, f(k[0].toUpperCase() + k.slice(1), { dataType: 'string' })])) };
  model.telefono = f('Telefono', { dataType: 'string', dataRegex: PHONE_PATTERN, required: true, columnIndex: 0, isVisible: true, filterable: true });
  model.codiceFiscale = f('Codice fiscale', { dataType: 'string', dataRegex: CF_REGEX });
  model.dataNascita = f('Data di nascita', { dataType: 'date' });
  const outputs: FieldMap = {};
  const groupsInputs: NonNullable<Workspace['groupsInputs']> = [{ label: 'Anagrafica', fields: Object.keys(model), columns: 3 }];
  const groupsOutputs: NonNullable<Workspace['groupsOutputs']> = [];
  const enumInputs: Record<string, EnumConfig> = {};
  const enumOutputs: Record<string, EnumConfig> = {};
  const inputDependencies: Record<string, string[]> = {};
  const outputDependencies: Record<string, string[]> = {};
  const arrayConfig: NonNullable<Workspace['arrayConfig']> = {};
  const enums: EnumValues = { inputs: {}, outputs: {} };
  const topics = ['anagrafica', 'famiglia', 'abitazione', 'lavoro', 'reddito', 'veicoli', 'polizze', 'consumi', 'preferenze', 'questionario'];
  let n = 0;
  for (let g = 0; g < 48; g++) {
    const isOutput = g % 3 === 2;
    const map = isOutput ? outputs : model;
    const topic = topics[g % topics.length];
    const fields: string[] = [];
    const size = 10 + (g % 4);
    let prevEnum: string | null = null;
    for (let i = 0; i < size; i++) {
      const name = `${topic}_${g}_${i}`;
      n++;
      const kind = (g * 7 + i) % 9;
      const base: Partial<Field> = { columnIndex: n + 10, isVisible: n % 5 === 0, filterable: n % 4 === 0, required: i === 0 && !isOutput };
      const label = `${topic[0].toUpperCase()}${topic.slice(1)} ${g}.${i}`;
      if (kind === 0) map[name] = f(label, { ...base, dataType: 'boolean', required: false });
      else if (kind === 1) map[name] = f(label, { ...base, dataType: 'number' });
      else if (kind === 2) map[name] = f(label, { ...base, dataType: 'date' });
      else if (kind === 3) map[name] = f(label, { ...base, dataType: 'time', required: false });
      else if (kind === 4) map[name] = f(label, { ...base, dataType: 'text', isDetailVisible: i % 2 === 0 });
      else if (kind === 5) map[name] = f(label, { ...base, dataType: 'string', dataRegex: '^[0-9]{5}$', placeholder: '00000' });
      else if (kind === 6 || kind === 7) {
        map[name] = f(label, { ...base, dataType: 'string' });
        const enumCfg = isOutput ? enumOutputs : enumInputs;
        if (prevEnum && kind === 7) {
          enumCfg[name] = { remoteValues: true, cachable: g % 2 === 0, buildFilter: i % 2 === 0 };
          (isOutput ? outputDependencies : inputDependencies)[prevEnum] = [name];
          const parentValues = (enumCfg[prevEnum].values ?? []).map((v) => v.value);
          (isOutput ? enums.outputs : enums.inputs)[name] = parentValues.flatMap((pv) => [1, 2].map((k) => ({ value: `${pv}-${k}`, label: `Opzione ${pv.toUpperCase()}.${k}`, parents: { [prevEnum as string]: pv } })));
        } else {
          enumCfg[name] = { values: ['a', 'b', 'c', 'd'].map((v) => ({ value: v, label: `Valore ${v.toUpperCase()}` })), buildFilter: i % 2 === 1 };
          prevEnum = name;
        }
      } else {
        map[name] = f(label, { ...base, dataType: 'array', arrayMaxItems: 4, arrayMinItems: 0, required: false, arrayItemsModel: { descrizione: f('Descrizione', { required: true }), quantita: f('Quantità', { dataType: 'number' }), dettagli: f('Dettagli', { dataType: 'array', arrayMaxItems: 3, arrayItemsModel: { chiave: f('Chiave', { required: true }), valore: f('Valore') } }) } });
        arrayConfig[name] = { type: 'modal' };
      }
      fields.push(name);
    }
    (isOutput ? groupsOutputs : groupsInputs).push({ label: `${topic[0].toUpperCase()}${topic.slice(1)} — sezione ${g + 1}`, fields, columns: 1 + (g % 4) });
  }
  void rng;
  const workspace: Workspace = {
    id: 'campagna-grande', name: 'Campagna Grande - Censimento Clienti', dataModelId: 'dm-campagna-grande', enabled: true, version: 7,
    viewsConfig: {
      admin: { _home: { path: '/contacts/list' }, views: ALL_VIEWS, dashboard: vis(true), events: vis(true), workspaceconfig: vis(true), setting: { visible: true } },
      'team-leader': { _home: { path: '/contacts/list' }, views: ALL_VIEWS, dashboard: vis(true) },
      basic: { _home: { path: '/contacts/list' }, views: { list: vis(true), show: vis(true), insert: vis(true) } },
      // Every demo role that can reach this workspace lands on a view it may open.
      manager: { _home: { path: '/dashboard' }, views: { list: vis(true), show: vis(true) }, dashboard: vis(true) },
      'site-manager': { _home: { path: '/dashboard' }, views: { list: vis(true), show: vis(true) }, dashboard: vis(true) },
      middle: { _home: { path: '/dashboard' }, dashboard: vis(true) },
    },
    states: { NUOVO: { label: 'Nuovo', manual: true }, IN_CORSO: { label: 'Intervista in corso', manual: true, notes: true }, COMPLETATO: { label: 'Completato', manual: true }, RIFIUTO: { label: 'Rifiuto', manual: true, notes: true } },
    entryState: 'NUOVO', closingStates: ['COMPLETATO', 'RIFIUTO'],
    groupsInputs, groupsOutputs,
    enumConfig: { inputs: enumInputs, outputs: enumOutputs },
    inputDependencies, outputDependencies, arrayConfig,
    inputAddressConfig: { province: 'provincia', province_acr: 'siglaProvincia', city: 'citta', street: 'indirizzo', zip: 'cap', civic: 'civico' },
    takeConfig: { available: false },
  };
  const hints: Record<string, Hint> = {};
  return { workspace, dataModel: { id: 'dm-campagna-grande', name: 'Campagna Grande', version: 7, model, outputs, modelContactProperty: 'telefono' }, enums, hints, contacts: 200, seed: 505 };
}

// ---------------------------------------------------------------------------------------------------- contacts
const BASE_TIME = Date.UTC(2025, 0, 7, 8, 0, 0);
/**
 * Contacts came in over the four weeks before FIXTURE_EPOCH (the moment the fixtures describe, the tests' clock; the
 * seed moves every date by whole days to its own today), between 08:00 and 18:00 in Rome, and changed state since.
 */
const FIRST_DAY = Date.UTC(2026, 9, 24, 7, 0, 0);
const AGENTS = [null, null, 'u-agent', 'u-agent', 'u-teamleader'] as const;

function valueFor(name: string, field: Field, def: FixtureDef, section: 'inputs' | 'outputs', values: Record<string, unknown>, p: Person, rng: Rng): unknown {
  const hint = def.hints[name] ?? personHints[name];
  const enumCfg = def.workspace.enumConfig?.[section]?.[name];
  if (enumCfg?.values?.length) return rng.pick(enumCfg.values).value;
  if (enumCfg) {
    const list = def.enums[section][name] ?? [];
    const fitting = list.filter((v) => Object.entries(v.parents ?? {}).every(([parent, pv]) => values[parent] === pv));
    return fitting.length ? rng.pick(fitting).value : '';
  }
  if (hint) return hint(p, rng);
  switch (field.dataType) {
    case 'boolean': return rng.chance(0.5);
    case 'number': return rng.int(0, 1000);
    case 'date': return isoDate(new Date(BASE_TIME + rng.int(-400, 200) * 86_400_000));
    case 'time': return hhmm(rng);
    case 'array': {
      const count = Math.min(field.arrayMaxItems ?? 2, Math.max(field.arrayMinItems ?? 0, rng.int(0, 2)));
      return Array.from({ length: count }, () => fillMap(field.arrayItemsModel ?? {}, def, section, p, rng, false));
    }
    default:
      if (field.dataRegex === '^[0-9]{5}$') return rng.digits(5);
    {
      const value = field.dataType === 'text' ? rng.pick(['', 'Nessuna nota', 'Da approfondire', 'Cliente disponibile']) : rng.pick(['', `${p.first} ${rng.pick(['A', 'B', 'C'])}`, p.place[0]]);
      // A required field is never left empty (the same draws either way, so the other values stay as they were).
      if (value === '' && field.required) return field.dataType === 'text' ? 'Nessuna nota' : p.place[0];
      return value;
    }
  }
}

function fillMap(map: FieldMap, def: FixtureDef, section: 'inputs' | 'outputs', p: Person, rng: Rng, optionalGaps: boolean): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(map)) {
    if (optionalGaps && !field.required && rng.chance(0.08)) continue;
    values[name] = valueFor(name, field, def, section, values, p, rng);
  }
  return values;
}

function contacts(def: FixtureDef): Contact[] {
  const rng = new Rng(def.seed);
  const ws = def.workspace;
  const states = Object.keys(ws.states ?? {});
  const closing = new Set(ws.closingStates ?? []);
  const out: Contact[] = [];
  for (let i = 0; i < def.contacts; i++) {
    const p = person(rng);
    const state = i % 3 === 0 ? (ws.entryState ?? states[0]) : rng.pick(states);
    const closed = closing.has(state);
    const agentId = closed ? rng.pick(['u-agent', 'u-teamleader']) : rng.pick(AGENTS);
    const createdAt = FIRST_DAY + Math.floor((rng.int(0, 150) * 27) / 150) * 86_400_000 + rng.int(0, 36_000) * 1000;
    // The same draws as ever (the values after them stay as they were), spread over the time left to FIXTURE_EPOCH.
    const changed = state === ws.entryState ? createdAt : createdAt + Math.round(((rng.int(1, 20 * 86_400) / (20 * 86_400)) * (FIXTURE_EPOCH - 15 * 60_000 - createdAt)) / 1000) * 1000;
    const outputsPresent = state !== ws.entryState;
    const inputs = fillMap(def.dataModel.model, def, 'inputs', p, rng, true);
    const outputs = outputsPresent ? fillMap(def.dataModel.outputs, def, 'outputs', p, rng, true) : {};
    for (const [name, field] of Object.entries(def.dataModel.outputs)) if (field.required && !(name in outputs) && outputsPresent) outputs[name] = valueFor(name, field, def, 'outputs', outputs, p, rng);
    out.push({
      id: (BASE_TIME / 1000 + i).toString(16).padStart(8, '0') + rng.hex(16),
      state,
      outcome: ws.outcomes?.length && outputsPresent ? rng.pick(ws.outcomes).value : null,
      notes: rng.chance(0.3) ? rng.pick(['Cliente cortese', 'Richiamare dopo le 18', 'Numero occupato più volte', 'Chiede informazioni via email', 'Segnalato reclamo precedente']) : '',
      closed,
      processable: closed || rng.chance(0.92),
      suspended: !closed && rng.chance(0.05),
      availability: closed ? 'closed' : agentId ? 'processing' : rng.chance(0.8) ? 'toProcess' : 'waiting',
      agentId,
      originalContactId: i > 10 && rng.chance(0.03) ? out[rng.int(0, i - 1)].id : null,
      priority: rng.int(1, 10),
      createdAt: new Date(createdAt).toISOString(),
      lastStateChangeAt: new Date(changed).toISOString(),
      inputs,
      outputs,
    });
  }
  return out;
}

export const FIXTURES = { 'energia-casa': energiaCasa, 'sinistri-auto': sinistriAuto, 'sms-promo': smsPromo, minimo, 'campagna-grande': campagnaGrande } as const;

const json = (v: unknown): string => `${JSON.stringify(v, null, 2)}\n`;
const isMain = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  for (const [slug, build] of Object.entries(FIXTURES)) {
    const def = build();
    const dir = join(root, 'fixtures', 'workspaces', slug);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'workspace.json'), json(def.workspace));
    writeFileSync(join(dir, 'data-model.json'), json(def.dataModel));
    writeFileSync(join(dir, 'enums.json'), json(def.enums));
    writeFileSync(join(dir, 'contacts.json'), `[\n${contacts(def).map((c) => JSON.stringify(c)).join(',\n')}\n]\n`);
    console.log(`${slug}: ${Object.keys(def.dataModel.model).length + Object.keys(def.dataModel.outputs).length} fields`);
  }
}
