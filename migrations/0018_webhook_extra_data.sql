CREATE TABLE `webhook_extra_data` (
	`hash` text PRIMARY KEY NOT NULL,
	`body` text NOT NULL,
	`used_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `webhook_deliveries` ADD `extra_hash` text;--> statement-breakpoint
CREATE INDEX `webhook_deliveries_extra` ON `webhook_deliveries` (`extra_hash`);