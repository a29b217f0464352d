import { isDeepStrictEqual } from 'node:util';
// fast-json-patch's CommonJS entry fills `exports` at run time: Node's ESM loader sees only its default export.
import jsonPatch from 'fast-json-patch';
import type {
  ConfigChange,
  ConfigDiff,
  ConfigDocument,
  ConfigProblem,
  ConfigWorkspaceRow,
  Configuration,
  CreateBody,
  DraftBody,
  Impact,
  JsonPatch,
  PublishBody,
  Published,
  RollbackBody,
  ValidationResult,
} from '@domain/api/workspace-config';
import { APP_VALIDATION, draftProblems, localizeProblem, type ProblemLanguage } from '@translator/problem-messages';
import type { RuledProblem } from '@translator/validate';
import type { Clock } from '../../clock';
import { notify, type Database, type Queryable } from '../../db/database';
import { HttpError } from '../../http-error';
import { say, type MessageLanguage, type Text } from '../../server-messages';
import { userPermissionContext, workspaceRules } from '../../plugins/auth';
import { can } from '@translator/can';
import type { StoredConfiguration, WorkspaceConfigRepository } from '../../repositories/workspace-config-repository';
import type { WorkspaceRepository } from '../../repositories/workspace-repository';
import type { UserRecord } from '../../repositories/user-repository';
import { syncListSortIndexes } from '../../repositories/list-sort-indexes';
import { contactImpact, formChecks } from './impact';

/** The NOTIFY channel of configuration changes (scoped by schema in the database, see db/database.ts). */
export const CONFIG_CHANGES_CHANNEL = 'workspace_config_changes';

/** A 400 or 409 of the configuration routes: the usual error body plus, on a conflict, the versions now live. */
export class ConfigHttpError extends HttpError {
  constructor(
    statusCode: number,
    message: Text,
    errors: Array<{ message: Text } & Partial<Omit<ConfigProblem, 'message'>>>,
    readonly extra: { currentVersion?: number; currentDataModelVersion?: number } = {},
  ) {
    super(statusCode, message, errors);
  }

  override toBody(language?: MessageLanguage) {
    return { ...super.toBody(language), ...this.extra };
  }
}

const notFound = (id: string) => new HttpError(404, say('workspaceNotFound', { id }));
const versionNotFound = (id: string, version: number) => new HttpError(404, say('workspaceVersionNotFound', { id, version }));

type Actor = UserRecord;

export interface WorkspaceConfigDeps {
  db: Database;
  clock: Clock;
  repo: WorkspaceConfigRepository;
  workspaces: WorkspaceRepository;
  /** Where a failed sort-index sync is reported (the publish itself stands; the next publish or start-up syncs again). */
  log?: { error(details: object, message: string): void };
}

/** A document saying the version it is stored as, whatever the draft, the imported file or an older row said. */
const stamped = (document: ConfigDocument, version: number): ConfigDocument => ({ ...document, version });
/** A data model as it is compared: its `version` is where it is stored, not a change of the model. */
const unversioned = ({ version: _version, ...document }: ConfigDocument): Record<string, unknown> => document;

/** `workspace.name` when the document carries one, else `fallback`. */
const nameOf = (document: ConfigDocument, fallback: string): string => (typeof document.name === 'string' && document.name.trim() ? document.name : fallback);

export function workspaceConfigService({ db, clock, repo, workspaces, log }: WorkspaceConfigDeps) {
  /** After a publish, rollback or creation: the list's sort indexes follow the live data models (list-sort-indexes). */
  async function afterPublish<T>(published: T): Promise<T> {
    await syncListSortIndexes(db).catch((error: unknown) => log?.error({ err: error }, 'list sort indexes: sync failed'));
    return published;
  }

  /** Every problem of a draft; `id` is the workspace the request names (undefined for a create). */
  function problemsOf(draft: DraftBody, id: string | undefined): RuledProblem[] {
    return draftProblems(draft.workspace, draft.dataModel, id, APP_VALIDATION);
  }

  /** Refuses an invalid draft with every problem (400); warnings do not refuse. */
  function requireValid(draft: DraftBody, id: string | undefined, language: ProblemLanguage): void {
    const problems = problemsOf(draft, id).map((p) => localizeProblem(p, language));
    const errors = problems.filter((p) => p.severity === 'error');
    if (errors.length === 0) return;
    throw new ConfigHttpError(400, say('configurationProblems', { count: errors.length }), errors.map((p) => ({ message: p.message, pointer: p.pointer, rule: p.rule, document: p.document, severity: p.severity })));
  }

  /**
   * Whether the workspace's own rules give the user workspaceconfig (spec 1 §2, §6): the route checked it in the
   * session's workspace, but a configuration change acts on the workspace it names.
   */
  async function mayConfigure(actor: Actor, id: string): Promise<boolean> {
    const document = await workspaces.findDocument(id);
    return document !== null && can(workspaceRules(document).workspaceconfig, userPermissionContext(actor, document));
  }

  /** Non-admins configure only the workspaces they may open and whose own rules give them workspaceconfig. */
  async function requireVisible(actor: Actor, id: string): Promise<void> {
    if (actor.role === 'admin') return;
    if (!(await repo.exists(db, id))) throw notFound(id);
    if (!(await workspaces.canOpen(actor, id))) throw new HttpError(403, say('notAmongYourWorkspaces', { id }));
    if (!(await mayConfigure(actor, id))) throw new HttpError(403, say('noWorkspaceconfigPermission', { id }));
  }

  async function announce(tx: Queryable, change: ConfigChange): Promise<void> {
    await notify(tx, CONFIG_CHANGES_CHANNEL, JSON.stringify(change));
  }

  /** The other workspaces on a data model whose new version went live follow it too: they hear of it. */
  async function announceSharedModel(tx: Queryable, id: string, dataModelId: string, dataModelVersion: number, action: ConfigChange['action'], at: Date, by: string): Promise<void> {
    for (const other of await repo.workspacesUsing(tx, dataModelId, id)) {
      await announce(tx, { workspaceId: other.id, version: other.version, dataModelId, dataModelVersion, enabled: other.enabled, action, at: at.toISOString(), by });
    }
  }

  /**
   * The data model of a draft made live in `tx`: unchanged (deep-equal) keeps its version, changed gets a new one,
   * unknown is created at version 1. Answers the version the workspace is published with.
   */
  async function writeDataModel(tx: Queryable, document: ConfigDocument, at: Date, by: string): Promise<{ dataModelVersion: number; changed: boolean }> {
    const live = await repo.lockDataModel(tx, document.id);
    if (!live) {
      await repo.insertDataModel(tx, stamped(document, 1), at, by);
      return { dataModelVersion: 1, changed: false };
    }
    if (isDeepStrictEqual(unversioned(live.document), unversioned(document))) return { dataModelVersion: live.version, changed: false };
    await repo.publishDataModel(tx, stamped(document, live.version + 1), live.version + 1, at, by);
    return { dataModelVersion: live.version + 1, changed: true };
  }

  async function conflictIfStale(tx: Queryable, id: string, baseVersion: number, baseDataModelVersion: number | undefined, liveVersion: number, liveDataModelId: string): Promise<void> {
    const liveModel = await repo.lockDataModel(tx, liveDataModelId);
    const currentDataModelVersion = liveModel?.version ?? 1;
    const stale = baseVersion !== liveVersion || (baseDataModelVersion !== undefined && baseDataModelVersion !== currentDataModelVersion);
    if (!stale) return;
    const message = say('workspacePublishedMeanwhile', { id, version: liveVersion, dataModelVersion: currentDataModelVersion, baseVersion });
    throw new ConfigHttpError(409, message, [{ message }], { currentVersion: liveVersion, currentDataModelVersion });
  }

  /** Writes a new live version of an existing workspace from `documents` (a publish or a rollback). */
  async function writeVersion(
    tx: Queryable,
    input: { id: string; documents: DraftBody; action: 'publish' | 'rollback'; fromVersion: number; liveVersion: number; liveName: string; enabled: boolean; actor: Actor; comment: string | null },
  ): Promise<Published> {
    const at = new Date(clock());
    const by = input.actor.username;
    const { workspace, dataModel } = input.documents;
    const { dataModelVersion, changed } = await writeDataModel(tx, dataModel, at, by);
    const version = input.liveVersion + 1;
    await repo.publishWorkspace(tx, {
      document: stamped(workspace, version),
      name: nameOf(workspace, input.liveName),
      dataModelId: dataModel.id,
      version,
      dataModelVersion,
      action: input.action,
      fromVersion: input.fromVersion,
      at,
      by,
      comment: input.comment,
    });
    await repo.recordChange(tx, { workspaceId: input.id, action: input.action, fromVersion: input.liveVersion, toVersion: version, at, by, comment: input.comment });
    await announce(tx, { workspaceId: input.id, version, dataModelId: dataModel.id, dataModelVersion, enabled: input.enabled, action: input.action, at: at.toISOString(), by });
    if (changed) await announceSharedModel(tx, input.id, dataModel.id, dataModelVersion, input.action, at, by);
    return { version, dataModelVersion };
  }

  // rows written before the documents were stamped keep the version their draft had: stamped as they are read
  const toConfiguration = (stored: StoredConfiguration): Configuration => ({
    workspace: stamped(stored.workspace, stored.version),
    dataModel: stamped(stored.dataModel, stored.dataModelVersion),
    version: stored.version,
    dataModelVersion: stored.dataModelVersion,
  });

  return {
    async list(actor: Actor): Promise<ConfigWorkspaceRow[]> {
      if (actor.role === 'admin') return repo.list();
      const visible = await workspaces.listFor(actor);
      const configurable: string[] = [];
      for (const { id } of visible) if (await mayConfigure(actor, id)) configurable.push(id);
      return repo.list(configurable);
    },

    async read(actor: Actor, id: string): Promise<Configuration> {
      await requireVisible(actor, id);
      const current = await repo.current(id);
      if (!current) throw notFound(id);
      return toConfiguration(current);
    },

    async version(actor: Actor, id: string, version: number): Promise<Configuration> {
      await requireVisible(actor, id);
      const stored = await repo.version(db, id, version);
      if (!stored) {
        if (!(await repo.exists(db, id))) throw notFound(id);
        throw versionNotFound(id, version);
      }
      return toConfiguration(stored);
    },

    async versions(actor: Actor, id: string) {
      await requireVisible(actor, id);
      if (!(await repo.exists(db, id))) throw notFound(id);
      return repo.versions(id);
    },

    async audit(actor: Actor, id: string) {
      await requireVisible(actor, id);
      if (!(await repo.exists(db, id))) throw notFound(id);
      return repo.audit(id);
    },

    validate(id: string, draft: DraftBody, language: ProblemLanguage): ValidationResult {
      const problems = problemsOf(draft, id).map((p) => localizeProblem(p, language));
      return { valid: !problems.some((p) => p.severity === 'error'), problems };
    },

    async impact(actor: Actor, id: string, draft: DraftBody, language: ProblemLanguage): Promise<Impact> {
      await requireVisible(actor, id);
      const current = await repo.current(id);
      if (!current) throw notFound(id);
      requireValid(draft, id, language);
      const checks = formChecks(draft.workspace, draft.dataModel);
      if (!checks) throw new ConfigHttpError(400, say('draftDoesNotTranslate'), [{ message: say('draftDoesNotTranslate') }]);
      return contactImpact(db, id, checks, formChecks(current.workspace, current.dataModel));
    },

    async publish(actor: Actor, id: string, body: PublishBody, language: ProblemLanguage): Promise<Published> {
      await requireVisible(actor, id);
      const draft = { workspace: body.workspace, dataModel: body.dataModel };
      if (!(await repo.exists(db, id))) throw notFound(id);
      // Checked before the transaction, so that the workspace's row is locked only for the writes.
      requireValid(draft, id, language);
      return afterPublish(await db.transaction(async (tx) => {
        const live = await repo.lockWorkspace(tx, id);
        if (!live) throw notFound(id);
        await conflictIfStale(tx, id, body.baseVersion, body.baseDataModelVersion, live.version, live.dataModelId);
        return writeVersion(tx, {
          id,
          documents: draft,
          action: 'publish',
          fromVersion: body.baseVersion,
          liveVersion: live.version,
          liveName: live.name,
          enabled: live.enabled,
          actor,
          comment: body.comment ?? null,
        });
      }));
    },

    async rollback(actor: Actor, id: string, body: RollbackBody, language: ProblemLanguage): Promise<Published> {
      await requireVisible(actor, id);
      return afterPublish(await db.transaction(async (tx) => {
        const live = await repo.lockWorkspace(tx, id);
        if (!live) throw notFound(id);
        await conflictIfStale(tx, id, body.baseVersion, undefined, live.version, live.dataModelId);
        const old = await repo.version(tx, id, body.toVersion);
        if (!old) throw versionNotFound(id, body.toVersion);
        const documents = { workspace: old.workspace, dataModel: old.dataModel };
        requireValid(documents, id, language);
        return writeVersion(tx, {
          id,
          documents,
          action: 'rollback',
          fromVersion: body.toVersion,
          liveVersion: live.version,
          liveName: live.name,
          enabled: live.enabled,
          actor,
          comment: body.comment ?? null,
        });
      }));
    },

    /** A new workspace (version 1) with a new data model or an existing one (published anew when it differs). */
    async create(actor: Actor, body: CreateBody, language: ProblemLanguage): Promise<Published> {
      const draft = { workspace: body.workspace, dataModel: body.dataModel };
      requireValid(draft, undefined, language);
      const id = body.workspace.id;
      return afterPublish(await db.transaction(async (tx) => {
        if (await repo.exists(tx, id)) {
          const message = say('workspaceAlreadyExists', { id });
          throw new ConfigHttpError(409, message, [{ message, pointer: '/id', document: 'workspace' }]);
        }
        const at = new Date(clock());
        const by = actor.username;
        const comment = body.comment ?? null;
        const { dataModelVersion, changed } = await writeDataModel(tx, body.dataModel, at, by);
        const enabled = body.workspace.enabled !== false;
        await repo.insertWorkspace(tx, { document: stamped(body.workspace, 1), name: nameOf(body.workspace, id), dataModelId: body.dataModel.id, dataModelVersion, enabled, at, by, comment });
        await repo.recordChange(tx, { workspaceId: id, action: 'create', fromVersion: null, toVersion: 1, at, by, comment });
        await announce(tx, { workspaceId: id, version: 1, dataModelId: body.dataModel.id, dataModelVersion, enabled, action: 'create', at: at.toISOString(), by });
        if (changed) await announceSharedModel(tx, id, body.dataModel.id, dataModelVersion, 'publish', at, by);
        return { version: 1, dataModelVersion };
      }));
    },

    async setEnabled(actor: Actor, id: string, enabled: boolean, comment: string | undefined): Promise<{ enabled: boolean }> {
      await requireVisible(actor, id);
      return db.transaction(async (tx) => {
        const live = await repo.lockWorkspace(tx, id);
        if (!live) throw notFound(id);
        const at = new Date(clock());
        const by = actor.username;
        await repo.setEnabled(tx, id, enabled, at, by);
        const action = enabled ? 'enable' : 'disable';
        await repo.recordChange(tx, { workspaceId: id, action, fromVersion: live.version, toVersion: live.version, at, by, comment: comment ?? null });
        const model = await repo.lockDataModel(tx, live.dataModelId);
        await announce(tx, { workspaceId: id, version: live.version, dataModelId: live.dataModelId, dataModelVersion: model?.version ?? 1, enabled, action, at: at.toISOString(), by });
        return { enabled };
      });
    },

    async diff(actor: Actor, id: string, from: number, to: number): Promise<ConfigDiff> {
      await requireVisible(actor, id);
      const [a, b] = await Promise.all([repo.version(db, id, from), repo.version(db, id, to)]);
      if (!a || !b) {
        if (!(await repo.exists(db, id))) throw notFound(id);
        throw versionNotFound(id, a ? to : from);
      }
      const [x, y] = [toConfiguration(a), toConfiguration(b)];
      return {
        from,
        to,
        workspace: jsonPatch.compare(x.workspace, y.workspace) as JsonPatch,
        dataModel: jsonPatch.compare(x.dataModel, y.dataModel) as JsonPatch,
      };
    },

    async exportFile(actor: Actor, id: string): Promise<{ fileName: string; body: DraftBody }> {
      await requireVisible(actor, id);
      const current = await repo.current(id);
      if (!current) throw notFound(id);
      const { workspace, dataModel } = toConfiguration(current);
      return { fileName: `${id}-v${current.version}.json`, body: { workspace, dataModel } };
    },
  };
}
export type WorkspaceConfigService = ReturnType<typeof workspaceConfigService>;
