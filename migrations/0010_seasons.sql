CREATE TABLE `seasons` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`environment` text NOT NULL,
	`season_key` text NOT NULL,
	`name` text,
	`chart_id` text NOT NULL,
	`event_keys` text NOT NULL,
	`partial_seasons` text DEFAULT '[]' NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `seasons_workspace_env_key` ON `seasons` (`workspace_id`,`environment`,`season_key`);--> statement-breakpoint
CREATE INDEX `seasons_key` ON `seasons` (`season_key`);