/**
 * The Terraform door's transport without OpenTofu (fast tier): the provider executable started as
 * go-plugin starts it, spoken to by a gRPC client of the test's own over mutual TLS. The real
 * client (tofu) is tofu-wire.test.ts's.
 */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import * as grpc from "@grpc/grpc-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshServerCertificate, MAGIC_COOKIE_KEY, MAGIC_COOKIE_VALUE } from "../../provider/terraform/handshake.ts";
import type { ProviderHandler } from "../../provider/terraform/protocol.ts";
import { handlerPerConnection, serve, serviceDefinition } from "../../provider/terraform/server.ts";
import { PROVIDER_EXECUTABLE, run, scratch, writeLauncher } from "./support/tofu.ts";

const echoEntry = new URL("./support/echo-provider.ts", import.meta.url).pathname;

let work: Awaited<ReturnType<typeof scratch>>;
let launcher: string;

beforeAll(async () => {
  work = await scratch("terraform-wire");
  launcher = path.join(await writeLauncher(path.join(work.dir, "bin"), echoEntry), PROVIDER_EXECUTABLE);
});
afterAll(() => work?.remove());

interface Started {
  child: ChildProcessWithoutNullStreams;
  line: string;
  exit: Promise<number | null>;
  stderr: () => string;
}

/** Starts the launcher with `env` and waits for its handshake line. */
async function start(env: NodeJS.ProcessEnv): Promise<Started> {
  const child = spawn(launcher, [], { env: { PATH: process.env.PATH, ...env }, stdio: ["pipe", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exit = new Promise<number | null>((resolve) => child.on("close", resolve));
  const line = await new Promise<string>((resolve, reject) => {
    let stdout = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.includes("\n")) resolve(stdout.split("\n")[0]);
    });
    void exit.then((code) => reject(new Error(`the provider exited (${code}) before its handshake: ${stderr}`)));
  });
  return { child, line, exit, stderr: () => stderr };
}

function pemOfDer(base64NoPadding: string): string {
  const der = Buffer.from(base64NoPadding, "base64");
  return `-----BEGIN CERTIFICATE-----\n${der
    .toString("base64")
    .replace(/(.{64})/g, "$1\n")
    .replace(/\n?$/, "\n")}-----END CERTIFICATE-----\n`;
}

function unaryCall(client: grpc.Client, service: string, method: string, request: object): Promise<Record<string, unknown>> {
  const definition = serviceDefinition(service)[method];
  return new Promise((resolve, reject) => {
    client.makeUnaryRequest(definition.path, definition.requestSerialize, definition.responseDeserialize, request, (error, response) =>
      error ? reject(error) : resolve(response as Record<string, unknown>),
    );
  });
}

describe("the provider executable's handshake", () => {
  it("refuses to run without the magic cookie, saying it is a plugin for OpenTofu and Terraform", async () => {
    const result = await run(launcher, [], { env: { PATH: process.env.PATH } });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain("is a plugin for OpenTofu and Terraform");
  });

  it("refuses to serve TLS without the client's certificate", async () => {
    const result = await run(launcher, [], { env: { PATH: process.env.PATH, [MAGIC_COOKIE_KEY]: MAGIC_COOKIE_VALUE } });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("PLUGIN_CLIENT_CERT");
  });

  it("turns TLS off only for TF_DISABLE_PLUGIN_TLS=1: any other value is refused, naming the one that works", async () => {
    for (const value of ["0", "true", "yes"]) {
      const result = await run(launcher, [], { env: { PATH: process.env.PATH, [MAGIC_COOKIE_KEY]: MAGIC_COOKIE_VALUE, TF_DISABLE_PLUGIN_TLS: value } });
      expect(result.code, value).toBe(1);
      expect(result.stdout, value).toBe("");
      expect(result.stderr, value).toContain("TF_DISABLE_PLUGIN_TLS is set, but not to 1: this provider serves without TLS only for TF_DISABLE_PLUGIN_TLS=1");
    }
  });

  it("serves TLS whenever the client sends its certificate, even with TF_DISABLE_PLUGIN_TLS=1", async () => {
    const client = await freshServerCertificate();
    const started = await start({ [MAGIC_COOKIE_KEY]: MAGIC_COOKIE_VALUE, PLUGIN_CLIENT_CERT: client.certificatePem, TF_DISABLE_PLUGIN_TLS: "1" });
    try {
      // The sixth field is the server's certificate: there only when it serves TLS.
      expect(started.line.split("|")).toHaveLength(6);
    } finally {
      started.child.kill();
      await started.exit;
    }
  });

  it("serves mutual TLS with a fresh certificate, answers health and the schema, and Shutdown ends it", async () => {
    const client = await freshServerCertificate();
    const log = path.join(work.dir, "echo.log");
    const started = await start({ [MAGIC_COOKIE_KEY]: MAGIC_COOKIE_VALUE, PLUGIN_CLIENT_CERT: client.certificatePem, ECHO_PROVIDER_LOG: log });
    const fields = started.line.split("|");
    expect(fields.slice(0, 3)).toEqual(["1", "6", "tcp"]);
    expect(fields[3]).toMatch(/^127\.0\.0\.1:\d+$/);
    expect(fields[4]).toBe("grpc");
    expect(fields[5]).toMatch(/^[A-Za-z0-9+/]+$/); // base64 without padding

    const serverPem = pemOfDer(fields[5]);
    const options = { "grpc.ssl_target_name_override": "localhost" };
    // Without the client's certificate: the server refuses the connection.
    const stranger = new grpc.Client(fields[3], grpc.credentials.createSsl(Buffer.from(serverPem)), options);
    await expect(unaryCall(stranger, "grpc.health.v1.Health", "Check", { service: "plugin" })).rejects.toMatchObject({ code: grpc.status.UNAVAILABLE });
    stranger.close();

    const tls = grpc.credentials.createSsl(Buffer.from(serverPem), Buffer.from(client.privateKeyPem), Buffer.from(client.certificatePem));
    const connection = new grpc.Client(fields[3], tls, options);
    expect(await unaryCall(connection, "grpc.health.v1.Health", "Check", { service: "plugin" })).toEqual({ status: "SERVING" });
    const schema = await unaryCall(connection, "tfplugin6.Provider", "GetProviderSchema", {});
    expect((schema.provider as { block: { attributes: { name: string }[] } }).block.attributes.map((attribute) => attribute.name)).toEqual(["api_url"]);
    // A method of the protocol the door does not serve: UNIMPLEMENTED, as gRPC answers it.
    const moveState = { ...serviceDefinition("tfplugin6.Provider").GetFunctions, path: "/tfplugin6.Provider/MoveResourceState" };
    await expect(
      new Promise((resolve, reject) =>
        connection.makeUnaryRequest(moveState.path, moveState.requestSerialize, moveState.responseDeserialize, {}, (error, value) => (error ? reject(error) : resolve(value))),
      ),
    ).rejects.toMatchObject({ code: grpc.status.UNIMPLEMENTED });

    expect(await unaryCall(connection, "plugin.GRPCController", "Shutdown", {})).toEqual({});
    connection.close();
    expect(await started.exit).toBe(0);
    expect(await fs.readFile(log, "utf8")).toContain('"rpc":"Shutdown"');
  });

  it("ends when its client is killed without a Shutdown, leaving no orphan", async () => {
    // A shell stands for OpenTofu: it starts the provider, says its pid, and is then killed.
    const out = path.join(work.dir, "orphan.out");
    const client = spawn("sh", ["-c", `${JSON.stringify(launcher)} >${JSON.stringify(out)} 2>&1 & echo $!; wait`], {
      env: { PATH: process.env.PATH, [MAGIC_COOKIE_KEY]: MAGIC_COOKIE_VALUE, TF_DISABLE_PLUGIN_TLS: "1" },
      stdio: ["ignore", "pipe", "ignore"],
    });
    const pid = Number(await new Promise<string>((resolve) => client.stdout.once("data", (chunk: Buffer) => resolve(chunk.toString().trim()))));
    // Running, and not a zombie waiting for a parent to reap it (this container's init may not).
    const alive = async () => {
      const stat = await fs.readFile(`/proc/${pid}/stat`, "utf8").catch(() => "");
      return stat !== "" && stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
    };
    // Serving (its handshake line written) before the client dies.
    const startedAt = Date.now();
    while (!(await fs.readFile(out, "utf8").catch(() => "")).includes("|grpc") && Date.now() - startedAt < 30_000) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await alive()).toBe(true);
    client.kill("SIGKILL");
    const killedAt = Date.now();
    while ((await alive()) && Date.now() - killedAt < 10_000) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await alive()).toBe(false);
  });

  it("answers a request whose length lies at once, INVALID_ARGUMENT naming the RPC", async () => {
    const started = await start({ [MAGIC_COOKIE_KEY]: MAGIC_COOKIE_VALUE, TF_DISABLE_PLUGIN_TLS: "1" });
    expect(started.line.split("|")).toHaveLength(5);
    const address = started.line.split("|")[3];
    const connection = new grpc.Client(address, grpc.credentials.createInsecure());
    // A ValidateProviderConfig whose `config` (field 1) declares 2^32-1 bytes in a seven-byte request.
    const lying = Buffer.from([0x0a, 0xff, 0xff, 0xff, 0xff, 0x0f, 0x00]);
    const began = Date.now();
    const error = await new Promise<grpc.ServiceError>((resolve) =>
      connection.makeUnaryRequest(
        "/tfplugin6.Provider/ValidateProviderConfig",
        (bytes: Buffer) => bytes,
        (bytes: Buffer) => bytes,
        lying,
        (failure) => resolve(failure!),
      ),
    );
    expect(Date.now() - began).toBeLessThan(2000);
    expect(error.code).toBe(grpc.status.INVALID_ARGUMENT);
    expect(error.details).toContain("malformed ValidateProviderConfig request");
    await unaryCall(connection, "plugin.GRPCController", "Shutdown", {});
    connection.close();
    expect(await started.exit).toBe(0);
  });
});

/** A handler that says its name as its one resource type, and answers the rest empty. */
function namedHandler(name: string): ProviderHandler {
  const empty = () => ({});
  return {
    getMetadata: () => ({ resources: [{ typeName: name }] }),
    getProviderSchema: empty,
    validateProviderConfig: empty,
    configureProvider: empty,
    validateResourceConfig: empty,
    validateDataResourceConfig: empty,
    upgradeResourceState: empty,
    readResource: empty,
    planResourceChange: empty,
    applyResourceChange: empty,
    importResourceState: empty,
    readDataSource: empty,
    stopProvider: empty,
  };
}

describe("debug mode (`--debug`): one process that OpenTofu reattaches to", () => {
  it("serves without the handshake, prints TF_REATTACH_PROVIDERS for it, answers in plaintext and stops on Ctrl-C", async () => {
    const log = path.join(work.dir, "echo-debug.log");
    const child = spawn(launcher, ["--debug"], { env: { PATH: process.env.PATH, ECHO_PROVIDER_LOG: log }, stdio: ["ignore", "pipe", "pipe"] });
    const exit = new Promise<NodeJS.Signals | number | null>((resolve) => child.on("exit", (code, signal) => resolve(signal ?? code)));
    let stdout = "";
    const reattach = await new Promise<string>((resolve, reject) => {
      child.stdout.on("data", (chunk: Buffer) => {
        stdout += chunk.toString();
        const line = /^\texport TF_REATTACH_PROVIDERS='(.*)'$/m.exec(stdout);
        if (line) resolve(line[1]);
      });
      void exit.then((code) => reject(new Error(`exited (${code}) before its banner: ${stdout}`)));
    });
    expect(stdout).toContain("is serving in debug mode on 127.0.0.1:");
    // go-plugin's ReattachConfig, as OpenTofu's parseReattachProviders reads it; Test: the protocol version is taken as negotiated.
    const config = (JSON.parse(reattach) as Record<string, { Protocol: string; ProtocolVersion: number; Pid: number; Test: boolean; Addr: { Network: string; String: string } }>)[
      "docs-platform/docsplatform"
    ];
    expect(config).toMatchObject({ Protocol: "grpc", ProtocolVersion: 6, Pid: child.pid, Test: true, Addr: { Network: "tcp" } });
    expect(config.Addr.String).toMatch(/^127\.0\.0\.1:\d+$/);

    const connection = new grpc.Client(config.Addr.String, grpc.credentials.createInsecure());
    expect(await unaryCall(connection, "grpc.health.v1.Health", "Check", { service: "plugin" })).toEqual({ status: "SERVING" });
    const schema = await unaryCall(connection, "tfplugin6.Provider", "GetProviderSchema", {});
    expect((schema.provider as { block: { attributes: { name: string }[] } }).block.attributes.map((attribute) => attribute.name)).toEqual(["api_url"]);
    connection.close();
    expect(await fs.readFile(log, "utf8")).toContain('"rpc":"GetProviderSchema"');

    // A managed provider ignores the interrupt (OpenTofu stops it itself); one started by hand stops.
    child.kill("SIGINT");
    expect(await exit).toBe("SIGINT");
  });

  it("gives each client connection a handler of its own, as OpenTofu's instances would each have a process", async () => {
    const made: string[] = [];
    const running = await serve(
      handlerPerConnection(() => {
        const name = `handler ${made.length + 1}`;
        made.push(name);
        return namedHandler(name);
      }),
      {},
    );
    const address = `127.0.0.1:${running.port}`;
    // Two connections, as two of OpenTofu's go-plugin clients dial (grpc-js would share one otherwise).
    const ownConnection = { "grpc.use_local_subchannel_pool": 1 };
    const first = new grpc.Client(address, grpc.credentials.createInsecure(), ownConnection);
    const second = new grpc.Client(address, grpc.credentials.createInsecure(), ownConnection);
    const typeNames = async (client: grpc.Client) => ((await unaryCall(client, "tfplugin6.Provider", "GetMetadata", {})).resources as { typeName: string }[])[0].typeName;
    expect(await typeNames(first)).toBe("handler 1");
    expect(await typeNames(second)).toBe("handler 2");
    expect(await typeNames(first)).toBe("handler 1");
    expect(made).toEqual(["handler 1", "handler 2"]);
    first.close();
    second.close();
    await running.stop();
  });
});
