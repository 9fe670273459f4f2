CREATE TABLE `audit_log` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`environment` text,
	`at` text NOT NULL,
	`actor_type` text NOT NULL,
	`actor_id` text NOT NULL,
	`actor_name` text,
	`action` text NOT NULL,
	`target_type` text NOT NULL,
	`target_key` text NOT NULL,
	`details` text NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `audit_log_workspace` ON `audit_log` (`workspace_id`,`id`);--> statement-breakpoint
CREATE INDEX `audit_log_action` ON `audit_log` (`workspace_id`,`action`,`id`);--> statement-breakpoint
CREATE INDEX `audit_log_target` ON `audit_log` (`workspace_id`,`target_key`,`id`);--> statement-breakpoint
CREATE INDEX `audit_log_at` ON `audit_log` (`at`);--> statement-breakpoint
CREATE TABLE `members` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`email` text NOT NULL,
	`name` text NOT NULL,
	`role` text NOT NULL,
	`created_at` text NOT NULL,
	`last_seen_at` text,
	`last_sign_in_at` text,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `members_workspace_email` ON `members` (`workspace_id`,`email`);--> statement-breakpoint
ALTER TABLE `dashboard_links` ADD `member_id` text REFERENCES members(id) ON DELETE cascade;--> statement-breakpoint
ALTER TABLE `dashboard_links` ADD `purpose` text DEFAULT 'sign_in' NOT NULL;--> statement-breakpoint
ALTER TABLE `dashboard_sessions` ADD `session_id` text;--> statement-breakpoint
ALTER TABLE `dashboard_sessions` ADD `member_id` text REFERENCES members(id) ON DELETE cascade;--> statement-breakpoint
ALTER TABLE `dashboard_sessions` ADD `last_active_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `dashboard_sessions` ADD `user_agent` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `dashboard_sessions_session_id_unique` ON `dashboard_sessions` (`session_id`);--> statement-breakpoint
CREATE INDEX `dashboard_sessions_member` ON `dashboard_sessions` (`member_id`);