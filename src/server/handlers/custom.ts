// The custom requests of src/shared/protocol.ts, each a thin handler over src/server/features/custom.ts.

import type { Connection } from 'vscode-languageserver';
import { IndexRequest, PreviewRequest, ProbeLogRequest, ReprobeRequest, ScaffoldRequest, SkillsRequest, VersionsRequest } from '../../shared/protocol';
import { index, preview, skills } from '../features/custom';
import { scaffold } from '../features/scaffold';
import type { SkillService } from '../service';
import type { SkillModel } from '../skills';
import type { DocumentHandler } from './documents';
import { guard } from './guard';

export function registerCustomHandlers(connection: Connection, service: SkillService, docs: DocumentHandler, model: SkillModel): void {
  connection.onRequest(
    SkillsRequest.type,
    guard(connection, SkillsRequest.method, (p, signal) => skills(service, p ?? undefined, docs.documents.all(), signal, model)),
  );
  connection.onRequest(
    PreviewRequest.type,
    guard(connection, PreviewRequest.method, (p, signal) => preview(service, p?.uri, (uri) => docs.documents.get(uri), signal)),
  );
  connection.onRequest(
    IndexRequest.type,
    guard(connection, IndexRequest.method, (p, signal) => index(service, p ?? undefined, signal, model)),
  );
  connection.onRequest(ProbeLogRequest.type, () => service.probeLog());
  connection.onRequest(VersionsRequest.type, () => ({ versions: [...(service.context().ctx.resolvedVersions ?? [])] }));
  connection.onRequest(
    ScaffoldRequest.type,
    guard(connection, ScaffoldRequest.method, async (p) => scaffold(p ?? undefined)),
  );
  connection.onRequest(ReprobeRequest.type, async () => {
    service.reprobe();
    // Every skill of the model too: its clients see the new verdicts as they come (skillsIdle waits for them).
    void model.reevaluateAll();
    docs.recheckAll();
    docs.onInvalidated?.();
    await docs.settled();
  });
}
