app_name = "leaderboard"
urlpatterns = []
