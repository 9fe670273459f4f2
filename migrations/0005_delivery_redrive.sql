ALTER TABLE `webhook_deliveries` ADD `due_at` integer;--> statement-breakpoint
ALTER TABLE `webhook_deliveries` ADD `run_attempts` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `webhook_deliveries_due` ON `webhook_deliveries` (`endpoint_id`,`status`,`due_at`);--> statement-breakpoint
-- Deliveries pending before this migration are due for a re-drive at once.
UPDATE `webhook_deliveries` SET `due_at` = 0 WHERE `status` = 'pending';
