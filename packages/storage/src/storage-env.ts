import { envEnum, envString } from "@tender/config";
import * as v from "valibot";

export const STORAGE_DRIVERS = ["fs", "nats"] as const;

/**
 * Where attachments are stored: `STORAGE_DRIVER` (fs | nats, default fs), `STORAGE_DIR`
 * (default /var/lib/tender/files, for fs), `STORAGE_BUCKET` (default tender-attachments, the
 * JetStream object store bucket, for nats).
 */
export const StorageEnv = v.object({
  STORAGE_DRIVER: envEnum(STORAGE_DRIVERS, { default: "fs" }),
  STORAGE_DIR: envString({ default: "/var/lib/tender/files" }),
  STORAGE_BUCKET: v.pipe(
    envString({ default: "tender-attachments" }),
    v.regex(/^[A-Za-z0-9_-]{1,64}$/, "expected 1..64 letters, digits, '-' or '_'"),
  ),
});
export type StorageEnv = v.InferOutput<typeof StorageEnv>;
