/**
 * How OpenTofu and Terraform start a provider (HashiCorp go-plugin's handshake, the protocol every
 * Terraform provider speaks before tfplugin6):
 *
 * - the provider is run with TF_PLUGIN_MAGIC_COOKIE set to a fixed value; without it, someone ran
 *   the executable by hand, and it says what it is instead of serving;
 * - AutoMTLS: the client's certificate (PEM) arrives in PLUGIN_CLIENT_CERT; the provider makes a
 *   fresh self-signed certificate for itself, serves TLS with it, and accepts only connections
 *   that present the client's certificate;
 * - the provider prints one line on stdout, `1|6|tcp|127.0.0.1:<port>|grpc|<certificate>`: the
 *   go-plugin protocol version, the tfplugin major version, where it listens, gRPC, and its
 *   certificate as base64 DER without padding (go-plugin decodes it with RawStdEncoding).
 *
 * TLS is off only when the client sent no certificate and TF_DISABLE_PLUGIN_TLS is exactly `1`, the
 * value HashiCorp's own harnesses set (terraform-plugin-testing, terraform-exec): a provider
 * serving plaintext gRPC answers any local user, and would send the API token it holds wherever a
 * ConfigureProvider of theirs points it. OpenTofu and Terraform turn their own side's TLS off for
 * any non-empty value (`os.Getenv("TF_DISABLE_PLUGIN_TLS") == ""` decides their AutoMTLS): with
 * another value they send no certificate, and this provider refuses to start, saying so. A client
 * certificate in PLUGIN_CLIENT_CERT always means TLS (go-plugin's own rule for a server).
 */
// @peculiar/x509 resolves its algorithms through tsyringe, which needs the Reflect metadata
// polyfill loaded first.
import "reflect-metadata";
import { webcrypto } from "node:crypto";
import * as x509 from "@peculiar/x509";

import { PROVIDER_TYPE_NAME } from "./protocol";

/** go-plugin's handshake for Terraform providers (the same cookie for OpenTofu and Terraform). */
export const MAGIC_COOKIE_KEY = "TF_PLUGIN_MAGIC_COOKIE";
export const MAGIC_COOKIE_VALUE = "d602bf8f470bc67ca7faa0386276bbdd4330efaf76d1a219cb4d6991ca9872b2";

/** The one value of TF_DISABLE_PLUGIN_TLS that turns TLS off (see above). */
export const TLS_DISABLED = "1";

/** go-plugin's own protocol version (the first field of the handshake line). */
export const CORE_PROTOCOL_VERSION = 1;
/** The Terraform plugin protocol's major version this provider speaks. */
export const PLUGIN_PROTOCOL_VERSION = 6;

/** The message for a start without the cookie (someone ran the executable by hand). */
export function notAPluginMessage(executable = `terraform-provider-${PROVIDER_TYPE_NAME}`): string {
  return [
    `${executable} is a plugin for OpenTofu and Terraform (the ${PROVIDER_TYPE_NAME} provider): it is not meant to be run directly.`,
    `Declare it in a configuration's required_providers (source = "docs-platform/${PROVIDER_TYPE_NAME}") and run \`tofu init\` and \`tofu plan\` (or terraform), which start it themselves.`,
    "",
  ].join("\n");
}

export interface HandshakeSettings {
  /** The client's certificate in PEM, or undefined when TLS is off. */
  clientCertificate?: string;
  tls: boolean;
}

/**
 * What the environment says about this start, or an error message saying why the provider cannot
 * serve (started by hand, or with TLS expected but no client certificate).
 */
export function readHandshakeEnvironment(env: NodeJS.ProcessEnv = process.env): HandshakeSettings | { refusal: string } {
  if (env[MAGIC_COOKIE_KEY] !== MAGIC_COOKIE_VALUE) return { refusal: notAPluginMessage() };
  // go-plugin clients also announce the protocol versions they accept; refuse early when 6 is not one.
  const accepted = env.PLUGIN_PROTOCOL_VERSIONS?.split(",").map((version) => version.trim());
  if (accepted && accepted.length > 0 && accepted[0] !== "" && !accepted.includes(String(PLUGIN_PROTOCOL_VERSION))) {
    return {
      refusal: `terraform-provider-${PROVIDER_TYPE_NAME} speaks plugin protocol ${PLUGIN_PROTOCOL_VERSION}; this client accepts ${accepted.join(", ")}: use OpenTofu >= 1.6 or Terraform >= 1.0.\n`,
    };
  }
  const clientCertificate = env.PLUGIN_CLIENT_CERT;
  if (clientCertificate && clientCertificate.includes("BEGIN CERTIFICATE")) return { tls: true, clientCertificate };
  if (env.TF_DISABLE_PLUGIN_TLS === TLS_DISABLED) return { tls: false };
  const disabledOtherwise =
    env.TF_DISABLE_PLUGIN_TLS !== undefined && env.TF_DISABLE_PLUGIN_TLS !== ""
      ? ` TF_DISABLE_PLUGIN_TLS is set, but not to ${TLS_DISABLED}: this provider serves without TLS only for TF_DISABLE_PLUGIN_TLS=${TLS_DISABLED}.`
      : "";
  return {
    refusal:
      `terraform-provider-${PROVIDER_TYPE_NAME}: PLUGIN_CLIENT_CERT holds no client certificate; OpenTofu and Terraform set it when they start a provider (AutoMTLS).${disabledOtherwise} ` +
      `Set TF_DISABLE_PLUGIN_TLS=${TLS_DISABLED} on both sides only to debug without TLS.\n`,
  };
}

export interface ServerCertificate {
  /** PEM of the certificate, for the TLS server. */
  certificatePem: string;
  /** PEM (PKCS #8) of its private key, for the TLS server. */
  privateKeyPem: string;
  /** The certificate's DER in base64 without padding, for the handshake line. */
  handshakeCertificate: string;
}

const ECDSA_P256 = { name: "ECDSA", namedCurve: "P-256", hash: "SHA-256" } as const;

/**
 * A fresh self-signed certificate for `localhost` (the name go-plugin's client verifies), valid
 * from 30 seconds ago (clock skew) for a day: it lives as long as this process. ECDSA P-256: as
 * strong as the protocol needs and generated in milliseconds.
 */
export async function freshServerCertificate(): Promise<ServerCertificate> {
  const keys = await webcrypto.subtle.generateKey(ECDSA_P256, true, ["sign", "verify"]);
  const serial = Buffer.from(webcrypto.getRandomValues(new Uint8Array(16)));
  serial[0] = serial[0] & 0x7f; // a positive serial number
  const certificate = await x509.X509CertificateGenerator.createSelfSigned(
    {
      serialNumber: serial.toString("hex"),
      name: `CN=localhost, O=${PROVIDER_TYPE_NAME}`,
      notBefore: new Date(Date.now() - 30_000),
      notAfter: new Date(Date.now() + 24 * 3600_000),
      signingAlgorithm: ECDSA_P256,
      keys,
      extensions: [
        new x509.BasicConstraintsExtension(true, undefined, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.keyCertSign, true),
        new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth, x509.ExtendedKeyUsage.clientAuth]),
        new x509.SubjectAlternativeNameExtension([{ type: "dns", value: "localhost" }]),
      ],
    },
    // The crypto provider's default is globalThis.crypto: Node's Web Crypto, the same object.
  );
  const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey("pkcs8", keys.privateKey));
  return {
    certificatePem: certificate.toString("pem"),
    privateKeyPem: `-----BEGIN PRIVATE KEY-----\n${pkcs8
      .toString("base64")
      .replace(/(.{64})/g, "$1\n")
      .replace(/\n?$/, "\n")}-----END PRIVATE KEY-----\n`,
    handshakeCertificate: Buffer.from(certificate.rawData).toString("base64").replace(/=+$/, ""),
  };
}

/** The line go-plugin reads from the provider's stdout; `certificate` absent when TLS is off. */
export function handshakeLine(port: number, certificate?: string): string {
  const fields: (string | number)[] = [CORE_PROTOCOL_VERSION, PLUGIN_PROTOCOL_VERSION, "tcp", `127.0.0.1:${port}`, "grpc"];
  if (certificate) fields.push(certificate);
  return `${fields.join("|")}\n`;
}
