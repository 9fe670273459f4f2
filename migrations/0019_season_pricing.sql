CREATE TABLE `season_pricing` (
	`season_id` text PRIMARY KEY NOT NULL,
	`pricing` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`season_id`) REFERENCES `seasons`(`id`) ON UPDATE no action ON DELETE cascade
);
