/**
 * The protocol buffers the Terraform door speaks, as .proto text inside the code: a bundled
 * executable then needs no file beside it. Four files' worth:
 *
 * - `tfplugin6`: the Terraform plugin protocol, version 6, whole: Terraform v1.16.0's own
 *   definition, unchanged (tfplugin6-proto.ts says where it comes from and under which licence).
 *   The RPCs the door does not serve are answered UNIMPLEMENTED by gRPC (server.ts).
 * - `plugin`: HashiCorp go-plugin's own services, which every plugin serves beside its protocol
 *   (GRPCController to shut down, GRPCStdio to forward output).
 * - `grpc.health.v1`: gRPC's health service, which go-plugin pings.
 * - `google.protobuf.Empty`; tfplugin6's `google/protobuf/timestamp.proto` is protobufjs's own
 *   copy of it (server.ts).
 */

export { TFPLUGIN6_PROTO } from "./tfplugin6-proto";

/** go-plugin's services (github.com/hashicorp/go-plugin internal/plugin/*.proto, same names and numbers). */
export const GO_PLUGIN_PROTO: string = `
syntax = "proto3";
package plugin;

message Empty {}

service GRPCController {
  rpc Shutdown(Empty) returns (Empty);
}

message StdioData {
  enum Channel {
    INVALID = 0;
    STDOUT = 1;
    STDERR = 2;
  }
  Channel channel = 1;
  bytes data = 2;
}

service GRPCStdio {
  rpc StreamStdio(google.protobuf.Empty) returns (stream StdioData);
}
`;

/** gRPC's standard health service (grpc/health/v1/health.proto, same names and numbers). */
export const HEALTH_PROTO: string = `
syntax = "proto3";
package grpc.health.v1;

message HealthCheckRequest {
  string service = 1;
}

message HealthCheckResponse {
  enum ServingStatus {
    UNKNOWN = 0;
    SERVING = 1;
    NOT_SERVING = 2;
    SERVICE_UNKNOWN = 3;
  }
  ServingStatus status = 1;
}

service Health {
  rpc Check(HealthCheckRequest) returns (HealthCheckResponse);
}
`;

export const EMPTY_PROTO: string = `
syntax = "proto3";
package google.protobuf;
message Empty {}
`;
