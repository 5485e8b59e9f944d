// ESLint for the repository's TypeScript (provider/, test/, examples/): typescript-eslint's
// type-checked recommended rules, plus a ban on `as unknown as`. `npm run lint` runs it with
// `prettier --check`, and `npm run test:fast` runs `npm run lint` first.
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
);
