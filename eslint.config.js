// ESLint for the repository's TypeScript (provider/, test/, examples/): typescript-eslint's
// type-checked recommended rules, plus a ban on `as unknown as`. `npm run lint` runs it with
// `prettier --check`; `npm run checks` (first in `npm test` and `npm run test:fast`) runs both beside
// `npm run typecheck`. ESLint keeps a cache in .cache/eslint/ (files unchanged since are not linted
// again; a type changed elsewhere is not seen in them until the cache goes: delete .cache/eslint/
// to lint everything, as a clean clone and CI do).
import js from "@eslint/js";
import { defineConfig } from "eslint/config";
import tseslint from "typescript-eslint";

const TYPESCRIPT_FILES = ["provider/**/*.{ts,mts}", "test/**/*.{ts,mts}", "examples/**/*.{ts,mts}"];

export default defineConfig(
  {
    ignores: [
      "**/node_modules/**",
      "**/dist/**",
      // `npm run release`'s output and its downloads (SDK packages written by the generators).
      "release/**",
      ".cache/**",
      "test/.work/**",
      // Generated: the resource pages' example conversions (`npm run docs`), compared byte for byte.
      "docs/**",
      // Plain JavaScript launchers and probes: no type information to check them with.
      "**/*.{js,mjs,cjs}",
    ],
  },
  {
    files: TYPESCRIPT_FILES,
    extends: [js.configs.recommended, tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: {
        // The root tsconfig.json includes every TypeScript file linted here.
        project: ["./tsconfig.json"],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // Each kind's resource class gets its typed outputs by merging with an interface of the same
      // name (`export interface Team extends TeamOutputs {}`, written by `npm run kinds`): the class
      // never initializes them, the engine sets them. The merge is the design, not an accident.
      "@typescript-eslint/no-unsafe-declaration-merging": "off",
      // Empty interfaces are those merges' (`interface Team extends TeamOutputs {}`).
      "@typescript-eslint/no-empty-object-type": ["error", { allowInterfaces: "with-single-extends" }],
      // Leaving keys out of an object by destructuring the rest (`const { id: _id, ...inputs } = state`)
      // is the idiom for a copy without them: the named siblings are unused on purpose. A name
      // starting with `_` is unused on purpose too (a counting loop's `for (const _ of text)`).
      "@typescript-eslint/no-unused-vars": ["error", { ignoreRestSiblings: true, argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-restricted-syntax": [
        "error",
        {
          selector: "TSAsExpression[expression.type='TSAsExpression'][expression.typeAnnotation.type='TSUnknownKeyword']",
          message:
            "`x as unknown as T` silences the type checker. Give the value its real type, narrow it with a type guard, parse it (zod), or write one typed helper that owns the conversion.",
        },
      ],
    },
  },
  {
    // The plugin loads the Pulumi SDK's gRPC stubs (proto/*_pb.js, @grpc/grpc-js) from the SDK the
    // program installed, at run time, with require (an import would bind the SDK the package was
    // built with). Each module is typed where it is required, by the declarations the SDK ships
    // beside its stubs (plugin/sdk.ts's Sdk, runtime/engine-log.ts's EngineModules).
    files: ["provider/plugin/**/*.ts", "provider/runtime/engine-log.ts"],
    rules: {
      "@typescript-eslint/no-require-imports": "off",
    },
  },
  {
    // grpc-js hands addService the generated service definition, whose methods carry a
    // `requestType` (the message class) that grpc-js's MethodDefinition type does not declare:
    // 16 findings on 2026-11-28, left until the definition gets a type of its own.
    files: ["provider/plugin/bounded-requests.ts"],
    rules: {
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-return": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
    },
  },
  {
    // Tests read the emulator's, the CLI's and the state's JSON as `any` (the test clients' `body`,
    // JSON.parse) and check it with expect(), which is the type check there: a wrong field fails
    // the test. 2,867 findings on 2026-11-28 (2,777 of them no-unsafe-*); typing the test
    // clients' answers would remove most, and is left for later.
    files: ["test/**/*.{ts,mts}"],
    rules: {
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-return": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
    },
  },
);
