// SDKs of the provider plugin for the end-to-end suites, generated from the committed schema with
// the CLI's own code generators (test/pulumi-cli/sdkgen, built beside the CLI).
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { ensurePulumi, pulumiJavaVersion, repositoryRoot } from "../../pulumi-cli/ensure-pulumi.ts";

const run = promisify(execFile);
export const schemaPath = path.join(repositoryRoot, "provider", "docs-platform", "schema.json");
export const pluginDir = path.join(repositoryRoot, "provider", "docs-platform");

/** Generates the SDK of `language` into `outDir` (emptied first); returns the number of files. */
export async function generateSdk(language: "nodejs" | "python" | "go" | "java", outDir: string): Promise<number> {
  const { toolsDir } = await ensurePulumi();
  await fs.rm(outDir, { recursive: true, force: true });
  const tool = language === "java" ? "docs-platform-sdkgen-java" : "docs-platform-sdkgen";
  const { stdout } = await run(path.join(toolsDir, tool), [schemaPath, language, outDir]);
  return Number(/(\d+) files/.exec(stdout)?.[1] ?? 0);
}

/**
 * The Node.js SDK, compiled with this repository's TypeScript and installed as
 * `node_modules/@docs-platform/pulumi` of `programDir` (the schema's `language.nodejs.packageName`) (its @pulumi/pulumi resolves from the
 * repository's node_modules, above every test program).
 */
export async function installNodeSdk(programDir: string, scratch: string): Promise<string> {
  const source = path.join(scratch, "sdk-nodejs");
  await generateSdk("nodejs", source);
  await fs.symlink(path.join(repositoryRoot, "node_modules"), path.join(source, "node_modules"));
  await run(process.execPath, [path.join(repositoryRoot, "node_modules", "typescript", "bin", "tsc"), "-p", source]);
  const target = path.join(programDir, "node_modules", "@docs-platform", "pulumi");
  await fs.mkdir(target, { recursive: true });
  await fs.cp(path.join(source, "bin"), path.join(target, "bin"), { recursive: true });
  await fs.copyFile(path.join(source, "package.json"), path.join(target, "package.json"));
  // The SDK reads its own version from bin/package.json (a published SDK's build copies it there).
  await fs.copyFile(path.join(source, "package.json"), path.join(target, "bin", "package.json"));
  return target;
}

/** A Maven dependency: `groupId:artifactId:version`. */
type MavenDependency = `${string}:${string}:${string}`;

/**
 * The pom.xml of a Java program or examples build: Java 17, the Pulumi Java SDK at the CLI's
 * version and `dependencies`; with `mainClass`, the exec plugin that runs it (`mvn compile
 * exec:java`, what pulumi-language-java does).
 */
export function javaPom(options: { groupId: string; artifactId: string; dependencies: MavenDependency[]; mainClass?: string }): string {
  const dependency = (coordinates: string) => {
    const [groupId, artifactId, version] = coordinates.split(":");
    return `    <dependency><groupId>${groupId}</groupId><artifactId>${artifactId}</artifactId><version>${version}</version></dependency>`;
  };
  const run = options.mainClass
    ? [
        "  <build>",
        "    <plugins>",
        "      <plugin>",
        "        <groupId>org.codehaus.mojo</groupId>",
        "        <artifactId>exec-maven-plugin</artifactId>",
        "        <version>3.1.0</version>",
        `        <configuration><mainClass>${options.mainClass}</mainClass></configuration>`,
        "      </plugin>",
        "    </plugins>",
        "  </build>",
      ]
    : [];
  return [
    '<project xmlns="http://maven.apache.org/POM/4.0.0">',
    "  <modelVersion>4.0.0</modelVersion>",
    `  <groupId>${options.groupId}</groupId>`,
    `  <artifactId>${options.artifactId}</artifactId>`,
    "  <version>0.1.0</version>",
    "  <properties>",
    "    <maven.compiler.source>17</maven.compiler.source>",
    "    <maven.compiler.target>17</maven.compiler.target>",
    "    <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>",
    "  </properties>",
    "  <dependencies>",
    ...[`com.pulumi:pulumi:${pulumiJavaVersion}`, ...options.dependencies].map(dependency),
    "  </dependencies>",
    ...run,
    "</project>",
    "",
  ].join("\n");
}
