/**
 * The plugin's `List` (Pulumi 3.233+; `pulumi do docs-platform <type> list`, 3.242+): every object
 * of a resource type in the organization, each as its import id (what `pulumi import` and `pulumi
 * do ... read` take, which read what `pulumi import` reads) and its resource name in an exported
 * program. The objects are export's (door-layer/discovery.ts), so the plugin lists what export
 * writes. The query is the type's `listInputs` in the schema (door-layer/discovery.ts
 * listInputsOf): `organizationId` (the provider's by default) and, where the kind lives in
 * sites, `siteId`.
 *
 * Pages: a list is one page unless the engine asks for a page size; then each page ends with a
 * continuation token (the position of the next object) while objects are left, and the next page
 * walks the organization again from that position. `limit` bounds the objects of all pages.
 */
import type * as pulumirpc from "@pulumi/pulumi/proto/provider_pb";
import { containsUnknown } from "../adapter/unknowns";
import { CONFIG_NAMESPACE } from "../config/provider-config";
import { ORGANIZATION_ENV } from "../config/organization-default";
import { discover, discoverableKinds, listInputsOf } from "../door-layer/discovery";
import type { DoorSession } from "../door-layer/session";
import { fromStruct } from "./calls";
import { PACKAGE } from "./info";
import { unwrapSecrets } from "./secrets";
import { sdk } from "./sdk";

const TYPE_PREFIX = `${PACKAGE}:index:`;

/** The kind a List names, or a refusal naming the types that can be listed. */
function kindOf(token: string): string {
  const kind = token.startsWith(TYPE_PREFIX) ? token.slice(TYPE_PREFIX.length) : "";
  if (!discoverableKinds().includes(kind)) {
    throw new Error(
      `${PACKAGE}: cannot list ${JSON.stringify(token)}: the types that can be listed are ${discoverableKinds()
        .map((name) => `${TYPE_PREFIX}${name}`)
        .join(", ")}`,
    );
  }
  return kind;
}

/** Where a page starts: 0, or the position a continuation token holds. */
function startOf(token: string): number {
  if (token === "") return 0;
  if (!/^\d+$/.test(token))
    throw new Error(
      `${PACKAGE}: the continuation token ${JSON.stringify(token)} is not one this provider gave; list again without it`,
    );
  return Number(token);
}

/** What a List writes, in order: one result per object, then the continuation when objects are left; or only the computed marker. */
export async function listResponses(
  session: DoorSession,
  request: pulumirpc.ListRequest,
): Promise<pulumirpc.ListResponse[]> {
  const { provider: pb } = sdk();
  const kind = kindOf(request.getToken());
  const query = unwrapSecrets(fromStruct(request.getQuery())).values;
  if (containsUnknown(query)) {
    // A query not known yet (a preview's output): nothing can be listed before it is.
    const response = new pb.ListResponse();
    response.setComputed(new pb.ListResponse.Computed());
    return [response];
  }
  const inputs: string[] = listInputsOf(kind).map((input) => input.key);
  const unknown = Object.keys(query).filter((key) => !inputs.includes(key));
  if (unknown.length > 0)
    throw new Error(`${TYPE_PREFIX}${kind}: a list takes ${inputs.join(" and ")}, not ${unknown.join(", ")}`);
  const given = (key: string) => {
    const value = query[key];
    return typeof value === "string" && value !== "" ? value : undefined;
  };
  const organizationId = given("organizationId") ?? session.organizationId;
  if (organizationId === undefined) {
    throw new Error(
      `${TYPE_PREFIX}${kind}: the list names no organization: give organizationId, or set the provider's \`${CONFIG_NAMESPACE}:organizationId\` (or ${ORGANIZATION_ENV}).`,
    );
  }
  const siteId = given("siteId");
  const start = startOf(request.getContinuationToken());
  const found = await discover(session.core.api(), organizationId, kind, siteId === undefined ? {} : { siteId });
  const limit = request.getLimit() > 0 ? Math.min(request.getLimit(), found.length) : found.length;
  const end = request.getPageSize() > 0 ? Math.min(start + request.getPageSize(), limit) : limit;
  const responses = found.slice(start, end).map((object) => {
    const result = new pb.ListResponse.Result();
    result.setId(object.importId);
    result.setName(object.name);
    const response = new pb.ListResponse();
    response.setResult(result);
    return response;
  });
  if (end < limit) {
    const continuation = new pb.ListResponse.Continuation();
    continuation.setContinuationToken(String(end));
    const response = new pb.ListResponse();
    response.setContinuation(continuation);
    responses.push(response);
  }
  return responses;
}

/** What a List handler needs of grpc-js's server stream (its ServerWritableStream). */
export interface ListStream {
  request: pulumirpc.ListRequest;
  write(response: pulumirpc.ListResponse): boolean;
  end(): void;
  emit(event: "error", error: { code: number; details: string; message: string }): boolean;
}

/** The List handler (a server stream): the responses written one by one, a failure the stream's error, its message the engine shows. */
export function listHandler(session: DoorSession): (call: ListStream) => void {
  return (call) => {
    listResponses(session, call.request).then(
      (responses) => {
        for (const response of responses) call.write(response);
        call.end();
      },
      (error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        call.emit("error", { code: sdk().grpc.status.UNKNOWN, details: message, message });
      },
    );
  };
}
