import { z } from "zod";
import { ROLES } from "../api/roles";

/** A member role as an input: one of the API's roles. */
export const roleEnum = z.enum(ROLES);
