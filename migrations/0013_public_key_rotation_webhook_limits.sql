CREATE TABLE `webhook_manual_sends` (
	`id` text PRIMARY KEY NOT NULL,
	`endpoint_id` text NOT NULL,
	`at` integer NOT NULL,
	FOREIGN KEY (`endpoint_id`) REFERENCES `webhook_endpoints`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `webhook_manual_sends_endpoint` ON `webhook_manual_sends` (`endpoint_id`,`at`);--> statement-breakpoint
DROP INDEX `api_keys_one_per_kind`;--> statement-breakpoint
ALTER TABLE `api_keys` ADD `salt` text;--> statement-breakpoint
ALTER TABLE `api_keys` ADD `expires_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `api_keys_one_current` ON `api_keys` (`workspace_id`,`environment`,`kind`) WHERE expires_at IS NULL;--> statement-breakpoint
CREATE INDEX `webhook_deliveries_created` ON `webhook_deliveries` (`created_at`);