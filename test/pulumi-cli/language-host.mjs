// A minimal Pulumi language host for Node.js programs (`pulumi-language-nodejs`).
//
// Why this exists: the Pulumi CLI is built here from the Go module proxy, but the proxy does not
// serve the Go module of Pulumi's own Node.js language host
// (github.com/pulumi/pulumi/sdk/nodejs/cmd/pulumi-language-nodejs/v3, 403 at every version). The
// language host's job is small: serve the LanguageRuntime gRPC service and, on `Run`, start the
// program runner that ships inside @pulumi/pulumi (`@pulumi/pulumi/cmd/run`), which talks to the
// engine itself. This file does that with the gRPC library and generated stubs that ship with
// @pulumi/pulumi, so it needs nothing beyond the program's own node_modules.
//
// Written as plain JavaScript (not TypeScript) because it is copied next to the CLI into a cache
// outside the repository and started by the CLI from there, with whatever `node` is on PATH.
//
// The same host serves Python and Go programs when started as `pulumi-language-python` or
// `pulumi-language-go` (the wrapper sets PULUMI_LANGUAGE_HOST_LANGUAGE): Pulumi's own hosts for them
// are not served by the proxy either. For Python, `Run` starts python-runner.py (next to this file)
// with the program's virtual environment (`runtime.options.virtualenv`) or `python3`, and the
// Pulumi Python SDK from PyPI does the rest. For Go, `Run` builds the program (`go build`) and runs
// the binary with the settings the Pulumi Go SDK reads from the environment (PULUMI_MONITOR, ...).
// A Python or Go project has no node_modules: gRPC and the stubs then come from the @pulumi/pulumi under
// PULUMI_LANGUAGE_HOST_SDK_DIR (the test environment points it at this repository's node_modules).
//
// For a Python program it does what a user touches as Pulumi's Python host does: the stack's config
// reaches `pulumi.Config()` (PULUMI_CONFIG, keys `<project>:<name>`), the plugins named by the
// installed packages' pulumi-plugin.json are reported (python-plugins.py) so the CLI acquires them
// from their `server`, and `pulumi install` creates the virtual environment and installs
// requirements.txt (without the pip, setuptools and wheel upgrade Pulumi's host runs first).
//
// `pulumi import` asks the host for the code of what it imported (GenerateProgram): the host runs
// docs-platform-sdkgen (test/pulumi-cli/sdkgen, built beside it), which binds the PCL the CLI
// sends with the engine's schema loader and writes it with Pulumi's own program generator for the
// language, as Pulumi's hosts do. GenerateProject (`pulumi convert`) is not served.
//
// Deliberate differences from Pulumi's Go hosts: no synchronous-invoke pipes (`--sync`; only the
// deprecated `invokeSync` needs them), no monitor proxy (the program talks to the engine's monitor
// directly), no debugger attach, no uv or poetry toolchains, Node.js dependencies left to npm, and
// a Go program's plugins not reported (the engine acquires them when a resource names its version
// and download URL, as the generated Go SDK's resources do).
import { execFile, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const language = ["python", "go"].includes(process.env.PULUMI_LANGUAGE_HOST_LANGUAGE ?? "") ? process.env.PULUMI_LANGUAGE_HOST_LANGUAGE : "nodejs";

const nodeJSProcessExitedAfterLoggingUserActionableMessage = 32;

// Plugin command line, as the engine builds it: optional `--logtostderr`, `-v=N`,
// `--tracing <url>`, then the engine's gRPC address as the last positional argument.
function parseArguments(argv) {
  let tracing = "";
  const positional = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--tracing" || arg === "-tracing") {
      tracing = argv[++i] ?? "";
    } else if (arg.startsWith("--tracing=") || arg.startsWith("-tracing=")) {
      tracing = arg.slice(arg.indexOf("=") + 1);
    } else if (arg.startsWith("-")) {
      // --logtostderr, -v=N and other logging flags: nothing to do here.
    } else {
      positional.push(arg);
    }
  }
  return { tracing, engineAddress: positional.at(-1) ?? "" };
}

// The gRPC library and the generated LanguageRuntime stubs come from the @pulumi/pulumi that the
// program itself uses. The CLI starts language plugins in the project directory, so resolution
// starts there.
function loadPulumiSdk(fromDirectory) {
  const requireFromProgram = createRequire(path.join(fromDirectory, "noop.js"));
  let packageJsonPath;
  try {
    packageJsonPath = requireFromProgram.resolve("@pulumi/pulumi/package.json");
  } catch {
    const fallback = process.env.PULUMI_LANGUAGE_HOST_SDK_DIR;
    if (fallback) return loadPulumiSdk(fallback);
    throw new Error(
      `pulumi-language-nodejs: @pulumi/pulumi is not installed where the program is (${fromDirectory}). ` + "Run npm install in the program's directory or one above it.",
    );
  }
  const sdkRoot = path.dirname(packageJsonPath);
  const requireFromSdk = createRequire(packageJsonPath);
  return {
    sdkRoot,
    version: requireFromSdk("./package.json").version,
    grpc: requireFromSdk("@grpc/grpc-js"),
    languageGrpc: requireFromSdk("./proto/language_grpc_pb.js"),
    language: requireFromSdk("./proto/language_pb.js"),
    plugin: requireFromSdk("./proto/plugin_pb.js"),
    hcl: requireFromSdk("./proto/codegen/hcl_pb.js"),
    emptyPb: requireFromSdk("google-protobuf/google/protobuf/empty_pb.js"),
  };
}

// Config keys arrive as `<namespace>:<name>`. Pulumi's Node.js host sends them in PULUMI_CONFIG in
// the legacy `<namespace>:config:<name>` form (its SDK accepts both); its Python and Go hosts send
// them as they arrive, the only form those SDKs read (`pulumi.Config().get("x")` looks up
// `<project>:x`). The secret keys, in PULUMI_CONFIG_SECRET_KEYS, keep the form they arrive in.
function configKeyForSdk(key) {
  return language === "nodejs" ? legacyConfigKey(key) : key;
}

function legacyConfigKey(key) {
  if (/^[^:]+:config:/.test(key)) return key;
  const colon = key.indexOf(":");
  return colon < 0 ? key : `${key.slice(0, colon)}:config:${key.slice(colon + 1)}`;
}

// Runtime options of Pulumi.yaml (`runtime.options`), with Pulumi's defaults.
function runtimeOptions(info) {
  const options = info?.getOptions()?.toJavaScript() ?? {};
  if (language === "go") return { nodeargs: [] };
  if (language === "python") {
    if (options.virtualenv !== undefined && typeof options.virtualenv !== "string") throw new Error("virtualenv option must be a string");
    return { virtualenv: options.virtualenv ?? "", nodeargs: [] };
  }
  const typescript = options.typescript ?? true;
  if (typeof typescript !== "boolean") throw new Error("typescript option must be a boolean");
  if (options.tsconfig !== undefined && typeof options.tsconfig !== "string") throw new Error("tsconfig option must be a string");
  if (options.nodeargs !== undefined && typeof options.nodeargs !== "string") throw new Error("nodeargs option must be a string");
  return {
    typescript,
    tsconfig: options.tsconfig ?? "",
    // Simple whitespace split: quoting in nodeargs is not supported.
    nodeargs: (options.nodeargs ?? "").split(/\s+/).filter(Boolean),
  };
}

/**
 * The Python that runs a program: its virtual environment's (`runtime.options.virtualenv`, relative
 * to the program's folder), else `python3` from PATH, as Pulumi's host does. A named virtual
 * environment that does not exist is the user's to create: `pulumi install` does.
 */
function pythonOf(programDirectory, options, { mustExist }) {
  if (!options.virtualenv) return "python3";
  const virtualenv = path.resolve(programDirectory, options.virtualenv);
  const python = path.join(virtualenv, "bin", "python");
  if (mustExist && !existsSync(python)) {
    throw new Error(
      `The 'virtualenv' option in Pulumi.yaml is set to "${options.virtualenv}", but ${virtualenv} does not appear to be a virtual environment. ` +
        "Run `pulumi install` to create it and install the program's requirements.txt.",
    );
  }
  return python;
}

/** What a child printed on stdout, or its failure with what it printed on stderr. */
function captured(executable, args, options) {
  return new Promise((resolve, reject) => {
    execFile(executable, args, { ...options, maxBuffer: 1 << 24 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${executable} ${args.join(" ")} failed: ${String(stderr || error.message).trim()}`));
      else resolve(stdout);
    });
  });
}

/** What a child printed on stdout, given `input` on stdin, or its failure with what it printed on stderr. */
function capturedWithInput(executable, args, input) {
  return new Promise((resolve, reject) => {
    const child = execFile(executable, args, { maxBuffer: 1 << 26 }, (error, stdout, stderr) => {
      if (error) reject(new Error(String(stderr || error.message).trim()));
      else resolve(stdout);
    });
    child.stdin.end(input);
  });
}

/**
 * The program generator GenerateProgram runs: this repository's docs-platform-sdkgen (its
 * `host-program` mode: Pulumi's own program generators for Node.js, Python and Go, from
 * github.com/pulumi/pulumi/pkg/v3), which ensure-pulumi.ts builds beside this host.
 */
function programGenerator() {
  return process.env.PULUMI_LANGUAGE_HOST_SDKGEN || fileURLToPath(new URL("./docs-platform-sdkgen", import.meta.url));
}

function main() {
  const { tracing, engineAddress: initialEngineAddress } = parseArguments(process.argv.slice(2));
  const sdk = loadPulumiSdk(process.cwd());
  const { grpc, language: pb, plugin: pluginPb } = sdk;

  let engineAddress = initialEngineAddress;
  const running = new Set();

  // Failures to start the program are reported as the program's error, as Pulumi's host does.
  async function run(request) {
    try {
      return await startProgram(request);
    } catch (error) {
      return { error: String(error?.message ?? error) };
    }
  }

  function startProgram(request) {
    const info = request.getInfo();
    const options = runtimeOptions(info);
    const programDirectory = info?.getProgramDirectory() || request.getPwd() || process.cwd();
    const entryPoint = info?.getEntryPoint() || request.getProgram() || ".";
    const config = {};
    for (const [key, value] of request.getConfigMap().entries()) config[configKeyForSdk(key)] = value;
    const env = {
      ...process.env,
      PULUMI_CONFIG: JSON.stringify(config),
      PULUMI_CONFIG_SECRET_KEYS: JSON.stringify(request.getConfigsecretkeysList()),
    };
    if (language === "go") return startGoProgram(request, info, programDirectory, env);

    // Like Pulumi's host, use the runner of the @pulumi/pulumi the program resolves (Node.js), or
    // our own runner with the program's Python.
    const runPath =
      language === "python"
        ? fileURLToPath(new URL("./pulumi-language-python-runner.py", import.meta.url))
        : process.env.PULUMI_LANGUAGE_NODEJS_RUN_PATH || path.join(loadPulumiSdk(programDirectory).sdkRoot, "cmd", "run");
    const executable = language === "python" ? pythonOf(programDirectory, options, { mustExist: true }) : "node";

    const args = language === "python" ? ["-u", runPath] : [...options.nodeargs, runPath];
    const flag = (name, value) => {
      if (value !== undefined && value !== null && value !== "") args.push(`--${name}`, String(value));
    };
    flag("monitor", request.getMonitorAddress());
    flag("engine", engineAddress);
    flag("organization", request.getOrganization());
    flag("project", request.getProject());
    flag("root-directory", info?.getRootDirectory());
    flag("stack", request.getStack());
    flag("pwd", programDirectory);
    if (request.getDryrun()) args.push("--dry-run");
    flag("parallel", request.getParallel());
    if (language === "nodejs") flag("tracing", tracing);
    args.push(entryPoint, ...request.getArgsList());

    if (language === "python") env.PYTHONUNBUFFERED = "1";
    if (options.typescript) env.PULUMI_NODEJS_TYPESCRIPT = "true";
    if (options.tsconfig) env.PULUMI_NODEJS_TSCONFIG_PATH = options.tsconfig;
    // `node` from PATH, as Pulumi's host does: the caller decides which Node.js runs programs.
    return runChild(executable, args, programDirectory, env);
  }

  /** A Go program: built with the machine's Go, then run with its settings in the environment. */
  async function startGoProgram(request, info, programDirectory, env) {
    const binary = path.join(programDirectory, ".pulumi-go-program");
    const built = await runChild("go", ["build", "-o", binary, "."], programDirectory, process.env);
    if (built.error) return { error: `Go program failed to build: ${built.error}` };
    Object.assign(env, {
      PULUMI_MONITOR: request.getMonitorAddress(),
      PULUMI_ENGINE: engineAddress,
      PULUMI_PROJECT: request.getProject(),
      PULUMI_STACK: request.getStack(),
      PULUMI_ORGANIZATION: request.getOrganization(),
      PULUMI_ROOT_DIRECTORY: info?.getRootDirectory() ?? "",
      PULUMI_DRY_RUN: String(request.getDryrun()),
      PULUMI_PARALLEL: String(request.getParallel()),
    });
    return runChild(binary, request.getArgsList(), programDirectory, env);
  }

  function runChild(executable, args, programDirectory, env) {
    return new Promise((resolve) => {
      const child = spawn(executable, args, { cwd: programDirectory, env, stdio: ["ignore", "inherit", "inherit"] });
      running.add(child);
      child.on("error", (error) => {
        running.delete(child);
        resolve({ error: `Problem executing program (could not run language executor): ${error.message}` });
      });
      child.on("exit", (code, signal) => {
        running.delete(child);
        if (code === 0) resolve({ error: "" });
        // The runner already showed the user an actionable message: tell the engine to stop quietly.
        else if (code === nodeJSProcessExitedAfterLoggingUserActionableMessage) resolve({ error: "", bail: true });
        else if (code !== null) resolve({ error: `Program exited with non-zero exit code: ${code}` });
        else resolve({ error: `Program exited unexpectedly: killed by ${signal}` });
      });
    });
  }

  /** The plugins a Python program's installed packages need; none for the other languages. */
  async function requiredPlugins(request) {
    if (language !== "python") return [];
    const info = request.getInfo();
    const programDirectory = info?.getProgramDirectory() || request.getPwd?.() || process.cwd();
    const python = pythonOf(programDirectory, runtimeOptions(info), { mustExist: false });
    // No virtual environment yet (before `pulumi install`): no packages, no plugins.
    if (python !== "python3" && !existsSync(python)) return [];
    const script = fileURLToPath(new URL("./pulumi-language-python-plugins.py", import.meta.url));
    return JSON.parse(await captured(python, [script], { cwd: programDirectory }));
  }

  async function installPythonDependencies(call) {
    const request = call.request;
    const info = request.getInfo();
    const programDirectory = info?.getProgramDirectory() || request.getDirectory() || process.cwd();
    const options = runtimeOptions(info);
    const stream = (child) => {
      const send = (set) => (chunk) => {
        const response = new pb.InstallDependenciesResponse();
        set(response, new Uint8Array(chunk));
        call.write(response);
      };
      child.stdout.on(
        "data",
        send((r, v) => r.setStdout(v)),
      );
      child.stderr.on(
        "data",
        send((r, v) => r.setStderr(v)),
      );
    };
    const step = (executable, args) =>
      new Promise((resolve, reject) => {
        const child = spawn(executable, args, { cwd: programDirectory, env: process.env, stdio: ["ignore", "pipe", "pipe"] });
        running.add(child);
        stream(child);
        child.on("error", (error) => {
          running.delete(child);
          reject(new Error(`could not run ${executable}: ${error.message}`));
        });
        child.on("close", (code) => {
          running.delete(child);
          if (code === 0) resolve();
          else reject(new Error(`\`${[path.basename(executable), ...args].join(" ")}\` exited with code ${code}`));
        });
      });
    const python = pythonOf(programDirectory, options, { mustExist: false });
    if (options.virtualenv && !existsSync(python)) {
      const virtualenv = path.resolve(programDirectory, options.virtualenv);
      call.write(new pb.InstallDependenciesResponse().setStdout(new TextEncoder().encode(`Creating virtual environment ${virtualenv}\n`)));
      await step("python3", ["-m", "venv", virtualenv]);
    }
    const requirements = path.join(programDirectory, "requirements.txt");
    if (existsSync(requirements)) await step(python, ["-m", "pip", "install", "--disable-pip-version-check", "-r", requirements]);
  }

  const unary = (handler) => (call, callback) => {
    Promise.resolve()
      .then(() => handler(call.request))
      .then(
        (response) => callback(null, response),
        (error) => callback({ code: grpc.status.UNKNOWN, details: String(error?.message ?? error) }),
      );
  };

  const service = {
    handshake: unary((request) => {
      engineAddress = request.getEngineAddress() || engineAddress;
      return new pb.LanguageHandshakeResponse();
    }),
    getPluginInfo: unary(() => {
      const info = new pluginPb.PluginInfo();
      info.setVersion(sdk.version);
      return info;
    }),
    // A Python program's plugins are those its installed packages name in their pulumi-plugin.json
    // (python-plugins.py), so the CLI installs them by itself, from their `server`. For Node.js and
    // Go, plugins come from PATH (the CLI bundles pulumi-resource-pulumi-nodejs next to itself) or
    // from the engine when a resource names its version and download URL: nothing is reported.
    getRequiredPackages: unary(async (request) => {
      const response = new pb.GetRequiredPackagesResponse();
      for (const plugin of await requiredPlugins(request)) {
        const dependency = new pluginPb.PackageDependency();
        dependency.setKind("resource");
        dependency.setName(plugin.name);
        dependency.setVersion(plugin.version);
        dependency.setServer(plugin.server);
        response.addPackages(dependency);
      }
      return response;
    }),
    getRequiredPlugins: unary(async (request) => {
      const response = new pb.GetRequiredPluginsResponse();
      for (const plugin of await requiredPlugins(request)) {
        const dependency = new pluginPb.PluginDependency();
        dependency.setKind("resource");
        dependency.setName(plugin.name);
        dependency.setVersion(plugin.version);
        dependency.setServer(plugin.server);
        response.addPlugins(dependency);
      }
      return response;
    }),
    run: unary(async (request) => {
      const result = await run(request);
      const response = new pb.RunResponse();
      response.setError(result.error);
      response.setBail(Boolean(result.bail));
      return response;
    }),
    // Policy packs (`pulumi preview --policy-pack <dir>`): the engine asks the language host to run
    // the pack as a plugin; the pack serves the analyzer protocol and prints its port, which the
    // engine reads from the stdout streamed back here. Like Pulumi's host: `node <pack directory>`
    // (its package.json `main`, which reads it from its working directory) with the engine's arguments and the requested
    // environment.
    runPlugin: (call) => {
      const request = call.request;
      const info = request.getInfo();
      const directory = info?.getProgramDirectory() || request.getPwd() || process.cwd();
      const env = { ...process.env };
      for (const entry of request.getEnvList()) {
        const equals = entry.indexOf("=");
        if (equals > 0) env[entry.slice(0, equals)] = entry.slice(equals + 1);
      }
      const options = runtimeOptions(info);
      const child = spawn("node", [...options.nodeargs, directory, ...request.getArgsList()], { cwd: directory, env, stdio: ["ignore", "pipe", "pipe"] });
      running.add(child);
      const send = (set, value) => {
        const response = new pb.RunPluginResponse();
        set(response, value);
        call.write(response);
      };
      child.stdout.on("data", (chunk) => send((r, v) => r.setStdout(v), new Uint8Array(chunk)));
      child.stderr.on("data", (chunk) => send((r, v) => r.setStderr(v), new Uint8Array(chunk)));
      child.on("error", (error) => {
        running.delete(child);
        send((r, v) => r.setStderr(v), new TextEncoder().encode(`could not run the plugin: ${error.message}\n`));
        send((r, v) => r.setExitcode(v), 1);
        call.end();
      });
      child.on("close", (code) => {
        running.delete(child);
        send((r, v) => r.setExitcode(v), code ?? 1);
        call.end();
      });
      call.on("cancelled", () => child.kill("SIGTERM"));
    },
    // `pulumi install`. Python: the virtual environment made (`python3 -m venv`) when missing and
    // the program's requirements.txt installed into it with pip, their output streamed to the CLI.
    // Node.js and Go: npm and the Go toolchain install dependencies; nothing to do.
    installDependencies: (call) => {
      if (language !== "python") {
        call.end();
        return;
      }
      installPythonDependencies(call).then(
        () => call.end(),
        (error) => call.emit("error", { code: grpc.status.UNKNOWN, details: String(error?.message ?? error) }),
      );
    },
    // `pulumi import` (and `convert`) hand the host a PCL program and the address of the engine's
    // schema loader, and print the code it answers. Pulumi's hosts bind the PCL with that loader and
    // run their language's program generator; docs-platform-sdkgen does exactly that, with the
    // same generators (see programGenerator). A program that does not bind comes back as
    // diagnostics and no files, as from Pulumi's hosts.
    generateProgram: unary(async (request) => {
      const source = Object.fromEntries(request.getSourceMap().entries());
      const args = ["host-program", language, request.getLoaderTarget(), ...(request.getStrict() ? ["--strict"] : [])];
      const result = JSON.parse(await capturedWithInput(programGenerator(), args, JSON.stringify(source)));
      const response = new pb.GenerateProgramResponse();
      for (const [name, base64] of Object.entries(result.files ?? {})) response.getSourceMap().set(name, new Uint8Array(Buffer.from(base64, "base64")));
      for (const diagnostic of result.diagnostics ?? []) response.addDiagnostics(rpcDiagnostic(sdk.hcl, diagnostic));
      return response;
    }),
    runtimeOptionsPrompts: unary(() => new pb.RuntimeOptionsResponse()),
    about: unary(() => {
      const response = new pb.AboutResponse();
      response.setExecutable(process.execPath);
      response.setVersion(process.version);
      return response;
    }),
    getProgramDependencies: unary(() => new pb.GetProgramDependenciesResponse()),
    cancel: unary(() => {
      for (const child of running) child.kill("SIGINT");
      return new sdk.emptyPb.Empty();
    }),
  };

  const server = new grpc.Server({ "grpc.max_receive_message_length": 400 * 1024 * 1024 });
  server.addService(sdk.languageGrpc.LanguageRuntimeService, service);
  server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (error, port) => {
    if (error) {
      console.error(`pulumi-language-${language}: could not start the gRPC server: ${error.message}`);
      process.exit(1);
    }
    // The plugin protocol: the first line on stdout is the port the engine connects to.
    process.stdout.write(`${port}\n`);
  });

  const shutdown = () => {
    for (const child of running) child.kill("SIGTERM");
    server.forceShutdown();
    process.exit(0);
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);

  // Pulumi's host exits when the engine goes away; without that, a CLI killed by a timeout would
  // leave this server running forever. The engine is our parent: stop when it is gone.
  const parent = process.ppid;
  setInterval(() => {
    try {
      process.kill(parent, 0);
    } catch {
      shutdown();
    }
  }, 1000).unref();
}

/** An hcl.Diagnostic as docs-platform-sdkgen prints it (Go field names), as the codegen Diagnostic message. */
function rpcDiagnostic(hcl, diagnostic) {
  const range = (value) => {
    if (!value) return undefined;
    const pos = (p) =>
      new hcl.Pos()
        .setLine(p?.Line ?? 0)
        .setColumn(p?.Column ?? 0)
        .setByte(p?.Byte ?? 0);
    return new hcl.Range()
      .setFilename(value.Filename ?? "")
      .setStart(pos(value.Start))
      .setEnd(pos(value.End));
  };
  const result = new hcl.Diagnostic()
    .setSeverity(diagnostic.severity ?? 0)
    .setSummary(diagnostic.summary ?? "")
    .setDetail(diagnostic.detail ?? "");
  const subject = range(diagnostic.subject);
  if (subject) result.setSubject(subject);
  const context = range(diagnostic.context);
  if (context) result.setContext(context);
  return result;
}

try {
  main();
} catch (error) {
  console.error(String(error?.message ?? error));
  process.exit(1);
}
