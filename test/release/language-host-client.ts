// A gRPC client of a Pulumi language host, started as the engine starts one: for asking it what
// the engine asks before a program runs (GetRequiredPackages, GetRequiredPlugins).
import { type ChildProcess, spawn } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { providerRoot } from "../../provider/scripts/release/release-info.mts";
import { ensurePulumi } from "../pulumi-cli/ensure-pulumi.ts";

const requireSdk = createRequire(path.join(providerRoot, "dist", "index.js"));
const grpc = requireSdk("@grpc/grpc-js");
const languageGrpc = requireSdk("@pulumi/pulumi/proto/language_grpc_pb.js");
const languagePb = requireSdk("@pulumi/pulumi/proto/language_pb.js");
const structPb = requireSdk("google-protobuf/google/protobuf/struct_pb.js");

/** A package or plugin as a language host reports it. */
export interface ReportedDependency {
  kind: string;
  name: string;
  version: string;
  server: string;
}

export interface LanguageHostClient {
  requiredPackages(): Promise<ReportedDependency[]>;
  requiredPlugins(): Promise<ReportedDependency[]>;
  close(): void;
}

/**
 * Starts `pulumi-language-<language>` in `programDir` with `env` (its port on the first line, as
 * the engine reads it) and returns a client asking about that program, with `options` as the
 * program's `runtime.options`.
 */
export async function startLanguageHost(language: string, programDir: string, env: NodeJS.ProcessEnv, options: Record<string, unknown>): Promise<LanguageHostClient> {
  const { binDir } = await ensurePulumi();
  const host: ChildProcess = spawn(path.join(binDir, `pulumi-language-${language}`), ["127.0.0.1:1"], { cwd: programDir, env, stdio: ["ignore", "pipe", "pipe"] });
  const port = await new Promise<number>((resolve, reject) => {
    let output = "";
    host.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
      output += chunk;
      const line = /^(\d+)\n/.exec(output);
      if (line) resolve(Number(line[1]));
    });
    host.stderr!.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
    host.on("exit", (code) => reject(new Error(`the language host exited (${code}) before printing its port: ${output}`)));
  });
  const client = new languageGrpc.LanguageRuntimeClient(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
  const call = <T>(method: string, request: unknown): Promise<T> =>
    new Promise((resolve, reject) => client[method](request, (error: Error | null, response: T) => (error ? reject(error) : resolve(response))));
  const programInfo = () => {
    const info = new languagePb.ProgramInfo();
    info.setRootDirectory(programDir);
    info.setProgramDirectory(programDir);
    info.setEntryPoint(".");
    info.setOptions(structPb.Struct.fromJavaScript(options));
    return info;
  };
  const dependencies = (list: any[]): ReportedDependency[] =>
    list.map((dependency) => ({ kind: dependency.getKind(), name: dependency.getName(), version: dependency.getVersion(), server: dependency.getServer() }));
  return {
    async requiredPackages() {
      const request = new languagePb.GetRequiredPackagesRequest();
      request.setInfo(programInfo());
      return dependencies((await call<any>("getRequiredPackages", request)).getPackagesList());
    },
    async requiredPlugins() {
      const request = new languagePb.GetRequiredPluginsRequest();
      request.setInfo(programInfo());
      return dependencies((await call<any>("getRequiredPlugins", request)).getPluginsList());
    },
    close() {
      client.close();
      host.kill("SIGTERM");
    },
  };
}
