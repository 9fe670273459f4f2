import { z } from "@hono/zod-openapi";
import { ROLES } from "./roles";

/**
 * The people of a workspace (docs/team.md): members with a role, whom the operator API and the
 * dashboard's Team page add, change and remove. A session belongs to a member, never to the link
 * that started it, so another way of proving who someone is (an identity provider) can start
 * sessions the same way later.
 */

/** memberId: `mem_` and 20 letters or digits. */
export const MEMBER_ID = /^mem_[0-9A-Za-z]{20}$/;

/**
 * An e-mail address as people type one: something before a single @, and a domain with a dot
 * that neither starts nor ends it, no spaces. Deliberately not the full RFC grammar: what is
 * accepted must be an address a person can be sent a link at.
 */
const EMAIL_FORM = /^[^\s@]{1,64}@(?=[^\s@]{1,253}$)[^\s@.][^\s@]*\.[^\s@.][^\s@]*$/;

/** The address compared and stored: trimmed and lower-cased, so one person is one member however it is typed. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** An address a new member is added with: checked for form, stored normalised. */
export const emailSchema = z
  .string()
  .max(254, "must be at most 254 characters")
  .transform(normaliseEmail)
  .refine((e) => EMAIL_FORM.test(e), "must be an e-mail address, like name@example.com")
  .openapi({ type: "string", format: "email", example: "ana@venue.example" });

/**
 * An address a member is looked up by. Looser than {@link emailSchema}: the owner every workspace is
 * created with is `owner@<workspaceKey>`, which names no real domain.
 */
export const emailLookupSchema = z
  .string()
  .min(3)
  .max(254)
  .transform(normaliseEmail)
  .refine((e) => /^[^\s@]+@[^\s@]+$/.test(e), "must be an e-mail address")
  .openapi({ type: "string", example: "ana@venue.example" });

const memberName = z
  .string()
  .transform((s) => s.trim())
  .pipe(z.string().min(1, "must be 1 to 255 characters").max(255, "must be 1 to 255 characters"))
  .openapi({ type: "string", example: "Ana Lima" });

export const roleSchema = z.enum(ROLES).openapi({ description: "viewer, box_office, designer, admin or owner (docs/team.md)" });

/** A member as every answer shows one. */
export const memberSchema = z
  .object({
    memberId: z.string().openapi({ example: "mem_3kTq9bX2mN8pL4vR7sW1" }),
    email: z.string(),
    name: z.string(),
    role: roleSchema,
    createdAt: z.string().openapi({ format: "date-time" }),
    lastSeenAt: z.string().nullable().openapi({ format: "date-time", description: "The member's last request in the dashboard; null before the first" }),
    lastSignInAt: z.string().nullable().openapi({ format: "date-time", description: "When the member last started a session; null before the first" }),
  })
  .openapi("Member");
export type Member = z.infer<typeof memberSchema>;

/** POST …/members: a new member. */
export const memberCreateSchema = z.object({ email: emailSchema, name: memberName, role: roleSchema }).strict().openapi("MemberCreate");
export type MemberCreate = z.output<typeof memberCreateSchema>;

/** PATCH …/members/{memberId}: a new role and/or name. */
export const memberPatchSchema = z
  .object({ role: roleSchema.optional(), name: memberName.optional() })
  .strict()
  .refine((b) => b.role !== undefined || b.name !== undefined, { message: "give role, name or both", path: ["role"] })
  .openapi("MemberPatch");
export type MemberPatch = z.output<typeof memberPatchSchema>;

/** The member a sign-in link is for: by id or by address; neither means the workspace's first owner. */
export const signInTargetSchema = z
  .object({ memberId: z.string().regex(MEMBER_ID, "is not a member id").optional(), email: emailLookupSchema.optional() })
  .strict()
  .refine((b) => b.memberId === undefined || b.email === undefined, { message: "give memberId or email, not both", path: ["email"] })
  .openapi("DashboardLinkFor");
export type SignInTarget = z.output<typeof signInTargetSchema>;

/** The e-mail address of the owner every workspace starts with (docs/team.md). */
export function firstOwnerEmail(workspaceKey: string): string {
  return normaliseEmail(`owner@${workspaceKey}`);
}
