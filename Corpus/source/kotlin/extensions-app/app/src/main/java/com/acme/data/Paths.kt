package com.acme.data

object Paths {
    const val TEAMS = "teams"
    fun tasksOf(teamId: String) = "$TEAMS/$teamId/tasks"
}
